import Foundation
import JSONModel

/// The expectations file: what an implementation under test is known to get
/// wrong today, scenario by scenario, pinned closely enough that a new bug
/// cannot hide behind an old one (in the spirit of WPT's metadata files).
///
/// ```json
/// {
///   "format": "bridgecheck-expectations/1",
///   "scope": {"page": "WebViewJavascriptBridge.js", "native": "reference", "profile": "wvjb-classic"},
///   "expectations": {
///     "data/falsy-values": {
///       "outcome": "fail",
///       "checks": ["/expect/events/2"],
///       "reason": "drops 0 and false",
///       "issue": "https://github.com/org/bridge/issues/12"
///     }
///   }
/// }
/// ```
///
/// - `scope` names the implementations and profile the file was written for;
///   a run of others is refused (exit 2).
/// - `outcome` (`fail`, `error`, `timeout`, `crash`) and `checks` (``CheckID``s)
///   pin how the scenario fails. A failure with another outcome, or with a
///   check the entry does not list, "differs from expected" and gates.
/// - `reason`, `issue` and any other key are the user's: `--update-baseline`
///   keeps them as written.
/// - A listed scenario that passes is `xpass` (stale) and gates.
///
/// The old format, `{"expectedFailures": {"<id>": "<reason>"}}`, is still
/// read: its entries excuse any failure until rewritten.
package struct Baseline: Sendable, Hashable {
  /// The format marker written to new files.
  package static let formatName = "bridgecheck-expectations/1"

  /// Which implementations and profile a file belongs to.
  package struct Scope: Sendable, Hashable {
    /// The page-side implementation's name.
    package var page: String
    /// The native-side implementation's name.
    package var native: String
    /// The page bridge's profile (dialect) name.
    package var profile: String
    /// The dialect itself (the profile's members, its name and description
    /// aside), when bridgecheck inferred it: the file pins it, so that a
    /// run whose inference gives another dialect is refused rather than
    /// judged against expectations written for the first.
    package var dialect: JSONValue?

    /// Creates a scope.
    package init(page: String, native: String, profile: String, dialect: JSONValue? = nil) {
      self.page = page
      self.native = native
      self.profile = profile
      self.dialect = dialect
    }

    var json: JSONValue {
      var object: JSONObject = ["page": .string(page), "native": .string(native), "profile": .string(profile)]
      if let dialect { object["dialect"] = dialect }
      return .object(object)
    }

    /// Whether `other` names the same implementations and profile (the
    /// dialect aside).
    package func sameImplementations(as other: Scope) -> Bool {
      page == other.page && native == other.native && profile == other.profile
    }

    /// `page X, native Y, profile Z`.
    package var description: String { "page \(page), native \(native), profile \(profile)" }
  }

  /// One excused scenario.
  package struct Entry: Sendable, Hashable {
    /// How it fails; nil (old format) excuses any outcome.
    package var outcome: FailureOutcome?
    /// The checks it fails; nil (old format) excuses any.
    package var checks: [String]?
    /// Why, in words; the user's.
    package var reason: String
    /// A link to the bug report, if any; the user's.
    package var issue: String?
    /// Other keys, kept as written.
    package var extra: JSONObject

    /// Creates an entry.
    package init(
      outcome: FailureOutcome? = nil, checks: [String]? = nil, reason: String, issue: String? = nil,
      extra: JSONObject = [:]
    ) {
      self.outcome = outcome
      self.checks = checks
      self.reason = reason
      self.issue = issue
      self.extra = extra
    }

    /// `fail at /expect/events/0`, or `any failure` for an unpinned entry.
    package var pinned: String {
      guard let outcome else { return "any failure" }
      let checks = checks ?? []
      return outcome.rawValue + (checks.isEmpty ? "" : " at " + checks.joined(separator: ", "))
    }
  }

  /// The implementations and profile the file was written for; nil when it
  /// does not say (old format).
  package var scope: Scope?
  /// Fixture id → entry.
  package var entries: [String: Entry]
  /// Whether the file was in the old format (reasons only).
  package var isLegacy: Bool

  /// Creates expectations.
  package init(scope: Scope? = nil, entries: [String: Entry] = [:], isLegacy: Bool = false) {
    self.scope = scope
    self.entries = entries
    self.isLegacy = isLegacy
  }

  /// Old-format style creation: every listed scenario may fail in any way.
  package init(expectedFailures: [String: String]) {
    self.init(entries: expectedFailures.mapValues { Entry(reason: $0) }, isLegacy: true)
  }

  /// Fixture id → reason.
  package var expectedFailures: [String: String] { entries.mapValues(\.reason) }

  // MARK: - Judging

  /// `result` as the expectations see it: a listed failure that matches its
  /// entry becomes `xfail`; one that differs stays a failure, its message
  /// saying what the entry pins and what happened; a listed pass is `xpass`.
  package func apply(to result: ScenarioResult) -> ScenarioResult {
    guard let entry = entries[result.scenario.id] else { return result }
    var adjusted = result
    switch result.status {
    case .fail, .error:
      if let difference = difference(entry, result) {
        adjusted.message =
          "differs from expected: \(difference)\n  the expectations file excuses \(entry.pinned) (\(entry.reason))"
          + "\n  if this is intended, rewrite the entry with --update-baseline\n" + (result.message ?? "")
      } else {
        adjusted.status = .xfail
        adjusted.message =
          "expected: \(entry.reason)" + (entry.issue.map { " (\($0))" } ?? "")
          + "\n" + (result.message ?? "")
      }
    case .pass:
      adjusted.status = .xpass
      adjusted.message =
        "expected to fail (\(entry.pinned): \(entry.reason)), but passed: "
        + "remove it from the baseline (the expectations file), or rewrite it with --update-baseline"
    default:
      break
    }
    return adjusted
  }

  /// What is different about `result` from what `entry` pins, or nil.
  private func difference(_ entry: Entry, _ result: ScenarioResult) -> String? {
    let outcome = result.outcome ?? .fail
    if let expected = entry.outcome, expected != outcome {
      let check = result.failedChecks.first.map { " (\($0))" } ?? ""
      return "the outcome is now \(outcome.rawValue)\(check), not \(expected.rawValue)"
    }
    if let checks = entry.checks {
      let new = result.failedChecks.filter { !checks.contains($0) }
      if !new.isEmpty { return "a new failing check: \(new.joined(separator: ", "))" }
    }
    return nil
  }

  /// Ids in the file that no loaded fixture has (typos, renamed fixtures).
  package func unknownIDs(among fixtures: [Fixture]) -> [String] {
    let ids = Set(fixtures.map(\.id))
    return entries.keys.filter { !ids.contains($0) }.sorted()
  }

  // MARK: - Updating

  /// The expectations that excuse exactly `results`, keeping each kept
  /// entry's reason, issue and other keys.
  package static func from(_ results: [ScenarioResult], scope: Scope? = nil) -> Baseline {
    Baseline(scope: scope).updated(with: results, existing: []).baseline
  }

  /// This file rewritten from a run: for the fixtures the run covered, an
  /// entry per failure pinning today's outcome and checks (reason, issue
  /// and other keys kept from the old entry; a new entry's reason is the
  /// first line of the message); entries of fixtures it did not cover (other
  /// shards, filters, tags, skips) kept as they are, as long as those
  /// fixtures exist in `existing`. `kept` counts the latter.
  package func updated(
    with results: [ScenarioResult], existing: Set<String>, scope newScope: Scope? = nil
  ) -> (baseline: Baseline, kept: Int) {
    var covered: Set<String> = []
    var updated: [String: Entry] = [:]
    for result in results where result.status != .skip {
      covered.insert(result.scenario.id)
      guard let outcome = result.outcome else { continue }
      var entry = entries[result.scenario.id] ?? Entry(reason: Self.firstLine(result))
      entry.outcome = outcome
      entry.checks = result.failedChecks
      updated[result.scenario.id] = entry
    }
    var kept = 0
    for (id, entry) in entries where !covered.contains(id) && existing.contains(id) {
      updated[id] = entry
      kept += 1
    }
    return (Baseline(scope: newScope ?? scope, entries: updated), kept)
  }

  private static func firstLine(_ result: ScenarioResult) -> String {
    let message = result.message ?? result.status.rawValue
    let line = message.split(separator: "\n").first.map(String.init) ?? ""
    return line.count > 200 ? String(line.prefix(200)) + "…" : line
  }

  /// The file text: keys in a fixed order, entries sorted by id, so the
  /// file diffs well.
  package var serialized: String {
    var root: JSONObject = ["format": .string(Self.formatName)]
    if let scope { root["scope"] = scope.json }
    let sorted = entries.sorted { $0.key < $1.key }.map { ($0.key, Self.json($0.value)) }
    root["expectations"] = .object(JSONObject(sorted))
    return JSONValue.object(root).serialized(pretty: true) + "\n"
  }

  private static func json(_ entry: Entry) -> JSONValue {
    var object: JSONObject = [:]
    if let outcome = entry.outcome { object["outcome"] = .string(outcome.rawValue) }
    if let checks = entry.checks { object["checks"] = .array(checks.map(JSONValue.string)) }
    object["reason"] = .string(entry.reason)
    if let issue = entry.issue { object["issue"] = .string(issue) }
    for (key, value) in entry.extra { object[key] = value }
    return .object(object)
  }
}
