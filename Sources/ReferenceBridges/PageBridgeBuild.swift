/// The reference page bridge as the harness injects it for the classic
/// dialect: the file with the regions marked `//@dialects-only` … `//@end`
/// (code that runs only when the page options name a dialect) and its
/// comment lines blanked out. Every page of a run parses and runs this text,
/// so the less of it the better. Lines are blanked, not removed, and the
/// others keep their indentation, so that an error's line and column are
/// the file's; the behaviour is the file's own (a test runs the suite with
/// both and compares the traces).
package enum PageBridgeBuild {
  /// The line that opens a region kept only for dialects.
  static let beginMarker = "//@dialects-only"
  /// The line that closes it.
  static let endMarker = "//@end"

  /// The classic build of `source`, or nil when it cannot be made safely:
  /// markers that are unbalanced or nested (a patched mutant source, say), a
  /// template literal (a backtick outside comment lines), a line that ends
  /// inside a string continued with a backslash, where removing a line that
  /// starts with `//` could change a string, or a carriage return (lines are
  /// cut at line feeds). Callers then inject `source`. The lines are cut and
  /// compared as UTF-8 bytes (every worker builds it at start).
  package static func classic(from source: String) -> String? {
    let newline = UInt8(ascii: "\n")
    guard !source.utf8.contains(UInt8(ascii: "\r")) else { return nil }
    let begin = Array(beginMarker.utf8)
    let end = Array(endMarker.utf8)
    var kept: [Substring.UTF8View] = []
    var inRegion = false
    for rawLine in source.utf8.split(separator: newline, omittingEmptySubsequences: false) {
      let line = rawLine.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      let isBegin = line.elementsEqual(begin)
      if isBegin || line.elementsEqual(end) {
        guard inRegion == !isBegin else { return nil }
        inRegion.toggle()
        kept.append(Substring("").utf8)
      } else if inRegion || line.starts(with: "//".utf8) {
        kept.append(Substring("").utf8)
      } else if line.contains(UInt8(ascii: "`")) || line.last == UInt8(ascii: "\\") {
        return nil
      } else {
        kept.append(rawLine)
      }
    }
    guard !inRegion else { return nil }
    var lines = kept.map { Substring($0) }
    // The first line says what this is, when it was a comment of the file.
    if lines.first == "" { lines[0] = Substring(header) }
    return lines.joined(separator: "\n")
  }

  /// The first line of a build.
  static let header = "// bridgecheck reference page bridge: the classic build of page-bridge.js (lines as in the file)"
}
