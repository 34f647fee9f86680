/// "Did you mean" for names typed by hand: the closest candidate by edit
/// distance, when it is close enough to be a typo.
package enum NameSuggestion {
  /// The candidate closest to `word` (case ignored), or nil when none is
  /// within max(2, a third of its length) edits.
  package static func closest(to word: String, among candidates: [String]) -> String? {
    // The distance is at least the difference in length, and a suggestion
    // needs a distance of at most max(2, length / 3): a word more than twice
    // as long as every candidate has none (and a 10 MB key costs nothing).
    let longest = candidates.map(\.count).max() ?? 0
    guard word.utf8.count <= 2 * longest + 3 else { return nil }
    func distance(_ a: [Character], _ b: [Character]) -> Int {
      var previous = Array(0...b.count)
      for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
          current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
      }
      return previous[b.count]
    }
    let target = Array(word.lowercased())
    let scored = candidates.map { ($0, distance(target, Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
    return best.0
  }
}
