import ScenarioRunner

/// Number and duration formatting shared by the reporters: locale-free, so
/// the same report gives the same bytes on every machine.
enum ReportFormatting {
  /// Milliseconds rounded to 0.001 (0 when durations are redacted; negative
  /// durations, which a monotonic clock never gives, count as 0).
  static func milliseconds(_ duration: Duration, redacted: Bool) -> Double {
    guard !redacted else { return 0 }
    let value = (max(0, duration.milliseconds) * 1000).rounded() / 1000
    return value.isFinite ? value : 0
  }

  /// Seconds with `decimals` digits after the point, e.g. `0.420` or `12.35`
  /// (`0.000` when redacted).
  static func seconds(_ duration: Duration, decimals: Int, redacted: Bool) -> String {
    let milliseconds = redacted ? 0 : max(0, duration.milliseconds)
    var scale: Double = 1
    for _ in 0..<decimals { scale *= 10 }
    let units = (milliseconds / 1000 * scale).rounded()
    guard units.isFinite, units < 9e15 else { return "0" }
    let whole = Int64(units)
    let unit = Int64(scale)
    let integer = whole / unit
    guard decimals > 0 else { return String(integer) }
    let fraction = String(whole % unit)
    return String(integer) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }

  /// `count` followed by `noun` or `noun + "s"`: `1 scenario`, `2 scenarios`.
  static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
  }

  /// The areas of `results` in order of first appearance, each with its results.
  static func groupedByArea(_ results: [ScenarioResult]) -> [(area: String, results: [ScenarioResult])] {
    var order: [String] = []
    var groups: [String: [ScenarioResult]] = [:]
    for result in results {
      let area = result.scenario.area
      if groups[area] == nil { order.append(area) }
      groups[area, default: []].append(result)
    }
    return order.map { ($0, groups[$0] ?? []) }
  }

  /// The implementation as one phrase: `name version` or `name`.
  static func implementation(_ info: ImplementationInfo) -> String {
    guard let version = info.version, !version.isEmpty else { return info.name }
    return "\(info.name) \(version)"
  }
}
