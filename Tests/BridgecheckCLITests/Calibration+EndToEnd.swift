import Foundation
import JSONModel
import TestSupport
import Testing

/// The calibration bridges (`conformance/calibration/`): classic-dialect page
/// bridges that differ from bridgecheck's own only in ways that are correct in
/// practice (falsy ids read as absent, handler errors caught and logged,
/// synchronous dispatch where the dialect says so, the global assigned only
/// after the set-up callbacks ran, no signal at injection, iframe only, dispatch
/// through a Web Worker). Each must pass
/// every MUST fixture and fail exactly the SHOULD fixtures its definition
/// lists, each with a message.
@Suite("Calibration bridges")
struct CalibrationEndToEndTests {
  /// One `conformance/calibration/<name>.json`.
  struct Calibration: CustomStringConvertible, Sendable {
    var name: String
    var profile: String
    var patch: [(find: String, replace: String)]
    var mustFailures: Set<String>
    var shouldFailures: Set<String>
    var description: String { name }
  }

  static let names = [
    "truthy-ids", "errors-caught-and-logged", "synchronous-dispatch", "global-after-callbacks", "no-initial-signal",
    "iframe-only", "all-differences", "upstream-6-style", "worker-dispatch",
  ]

  static func load(_ name: String) throws -> Calibration {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/calibration/\(name).json"), encoding: .utf8)
    let value = try JSONValue.parse(text)
    let patch = (value["patch"]?.arrayValue ?? []).map {
      (find: $0["find"]?.stringValue ?? "", replace: $0["replace"]?.stringValue ?? "")
    }
    return Calibration(
      name: name, profile: value["profile"]?.stringValue ?? "wvjb-classic", patch: patch,
      mustFailures: Set((value["mustFailures"]?.arrayValue ?? []).compactMap(\.stringValue)),
      shouldFailures: Set((value["shouldFailures"]?.arrayValue ?? []).compactMap(\.stringValue)))
  }

  /// The shipped page bridge with the calibration's replacements applied
  /// (each must occur exactly once).
  static func source(of calibration: Calibration) throws -> String {
    var source = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    for replacement in calibration.patch {
      let occurrences = source.components(separatedBy: replacement.find).count - 1
      #expect(occurrences == 1, "\(calibration.name): page-bridge.js should contain the text to replace exactly once")
      source = source.replacingOccurrences(of: replacement.find, with: replacement.replace)
    }
    return source
  }

  /// Runs a calibration bridge and returns the JSON report's results.
  private func run(_ calibration: Calibration, native: String? = nil) throws -> (CommandOutcome, [JSONValue]) {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("\(calibration.name).js", Self.source(of: calibration))
    var arguments = [
      "run", "--js", scratch.path("\(calibration.name).js"), "--profile", calibration.profile, "--format", "json",
      "--jobs", "1",
    ]
    if let native { arguments += ["--native", native, "--adapter-timeout", "120"] }
    let outcome = try bridgecheck(arguments, timeLimit: 300)
    let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
    return (outcome, results)
  }

  /// Each bridge fails exactly the fixtures its definition lists, at the
  /// level it lists them: none at MUST for the correct ones, upstream 6.x's
  /// known bugs for the upstream-style one (conformance/KNOWN-BRIDGES.md).
  @Test(arguments: names)
  func failsExactlyTheFixturesItLists(name: String) throws {
    let calibration = try Self.load(name)
    let (outcome, results) = try run(calibration)
    #expect(outcome.status == (calibration.mustFailures.isEmpty ? 0 : 1), "\(name)\n\(outcome.stderr)")
    let notPassing = results.filter { $0["status"] == "fail" || $0["status"] == "error" }
    for result in notPassing {
      #expect((result["message"]?.stringValue ?? "").count > 20, "\(name): a failure says why")
    }
    let failedAt = { (level: String) in
      Set(notPassing.filter { $0["level"] == .string(level) }.compactMap { $0["id"]?.stringValue })
    }
    #expect(failedAt("must") == calibration.mustFailures, "\(name)")
    #expect(failedAt("should") == calibration.shouldFailures, "\(name)")
    #expect(failedAt("may").isEmpty, "\(name)")
    #expect(results.filter { $0["status"] == "pass" }.count >= 60, "\(name): most scenarios ran")
  }

  /// With both sides under test (the Python adapter as the native side), the
  /// bridge with every difference at once still passes every MUST fixture.
  @Test func allDifferencesWithThePythonAdapter() throws {
    let calibration = try Self.load("all-differences")
    let (outcome, results) = try run(calibration, native: "python3 conformance/adapters/python/adapter.py")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let gating = results.filter { ($0["status"] == "fail" || $0["status"] == "error") && $0["level"] == "must" }
    #expect(gating.isEmpty, "\(gating.map { $0["id"]?.stringValue ?? "?" })")
    #expect(results.filter { $0["status"] == "pass" }.count >= 110)
  }

  /// Under the wrong profile (the default says deferred) the synchronous
  /// bridge fails the safety-timeout fixture, and the failure names the
  /// profile field that decided it and the value to use instead.
  @Test func underTheDefaultProfileTheFailureNamesTheDispatchField() throws {
    var calibration = try Self.load("synchronous-dispatch")
    calibration.profile = "wvjb-classic"
    let (outcome, results) = try run(calibration)
    #expect(outcome.status == 1)
    let deferred = results.first { $0["id"] == "dispatch/deferred-dispatch-by-default" }
    #expect(deferred?["status"] == "fail")
    let message = deferred?["message"]?.stringValue ?? ""
    #expect(
      message.contains(
        "profile: the scenario applies because the profile wvjb-classic declares dispatch.mode \"deferred\""),
      "\(message)")
    #expect(message.contains("dispatch.mode \"synchronous\""), "\(message)")
  }

  /// The safety-timeout fixtures are skipped for a synchronous dialect, with a
  /// reason that names the profile field.
  @Test func synchronousDialectSkipsTheSafetyTimeoutFixtures() throws {
    let (_, results) = try run(try Self.load("synchronous-dispatch"))
    let deferred = results.first { $0["id"] == "dispatch/deferred-dispatch-by-default" }
    #expect(deferred?["status"] == "skip")
    #expect(deferred?["message"]?.stringValue?.contains("dispatch.mode \"synchronous\"") == true)
  }
}
