import Foundation
import JSONModel
import Testing

/// One page script for every native side: the page bridge file under `--js`
/// gets the same verdicts whichever shipped native side injects it (the
/// reference in process, the Swift reference behind the stdio adapter, the
/// Python adapter), because no native side adds anything to the page script.
@Suite("Same page script, same verdicts")
struct SameScriptEndToEndTests {
  static let pageBridge = "Sources/ReferenceBridges/Resources/page-bridge.js"

  /// id → status of every scenario that was not skipped for judging only the
  /// native side.
  private func verdicts(native: String?) throws -> [String: String] {
    // One job and a generous adapter limit: the comparison is about verdicts,
    // not speed, and a 1 MB payload through a debug adapter on a busy
    // machine can take longer than the default 5 s per command.
    var arguments = ["run", "--js", Self.pageBridge, "--format", "json", "--jobs", "1"]
    if let native { arguments += ["--native", native, "--adapter-timeout", "120"] }
    let outcome = try bridgecheck(arguments, timeLimit: 300)
    #expect(outcome.status == 0, "\(native ?? "in process"): \(outcome.stderr)")
    var verdicts: [String: String] = [:]
    for result in try jsonReport(outcome.stdout)["results"]?.arrayValue ?? [] {
      guard let id = result["id"]?.stringValue, result["subject"] != "native" else { continue }
      verdicts[id] = result["status"]?.stringValue ?? "?"
    }
    return verdicts
  }

  @Test func thePageBridgeFileGetsIdenticalVerdictsWithEveryShippedNativeSide() throws {
    let inProcess = try verdicts(native: nil)
    #expect(inProcess.values.filter { $0 == "pass" }.count >= 60)
    for native in ["bridgecheck reference-adapter", "python3 conformance/adapters/python/adapter.py"] {
      let other = try verdicts(native: native)
      #expect(Set(other.keys) == Set(inProcess.keys), "\(native)")
      let differing = inProcess.keys.sorted().filter { other[$0] != inProcess[$0] }
        .map { "\($0): in process \(inProcess[$0] ?? "-"), \(native) \(other[$0] ?? "-")" }
      #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
    }
  }
}
