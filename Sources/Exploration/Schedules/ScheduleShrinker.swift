import WebViewHosting

/// Shrinks a failing schedule to the fewest deviations from the default
/// schedule (seed 0) that still fail: chunks of deviations are dropped while
/// the scenario keeps failing (delta debugging), then each remaining latency
/// is lowered to the smallest value that still fails.
///
/// Deterministic: the same failing deviations and the same scenario give the
/// same result.
struct ScheduleShrinker {
  /// Runs the scenario under exactly these deviations; returns the
  /// deviations it really made when it fails, nil when it passes.
  let fails: ([ScheduleChoice]) -> [ScheduleChoice]?
  /// The most runs shrinking may take.
  let budget: Int

  func shrink(_ start: [ScheduleChoice]) -> [ScheduleChoice] {
    var current = start
    var runs = 0
    func attempt(_ candidate: [ScheduleChoice]) -> Bool {
      guard runs < budget else { return false }
      runs += 1
      guard let made = fails(candidate) else { return false }
      current = made.count <= candidate.count ? made : candidate
      return true
    }
    var chunk = max(1, current.count / 2)
    while chunk >= 1 && runs < budget {
      var start = 0
      var removedAny = false
      while start < current.count && runs < budget {
        var candidate = current
        candidate.removeSubrange(start..<min(current.count, start + chunk))
        if attempt(candidate) { removedAny = true } else { start += chunk }
      }
      if chunk == 1 && !removedAny { break }
      if !removedAny || chunk > 1 { chunk = max(1, chunk / 2) }
    }
    // Smaller values: the least latency (or the nearest source) that fails.
    // (A run may make fewer deviations than it was given: the list can
    // shrink under the loop.)
    var position = 0
    while position < current.count && runs < budget {
      let choice = current[position]
      let smaller =
        choice.point == .order
        ? Array(1..<max(1, choice.value)) : choice.point.values.filter { $0 > 0 && $0 < choice.value }
      for value in smaller where position < current.count {
        var candidate = current
        candidate[position].value = value
        if attempt(candidate) { break }
      }
      position += 1
    }
    return current
  }
}
