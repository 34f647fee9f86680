import Foundation
import JSONModel
import Testing

/// Our own bridges written in each real dialect (`conformance/dialects/`),
/// run through the CLI as a user runs a third-party bridge: the page side
/// alone (`--js`), the native side alone behind the adapter (`--native`),
/// and both together, each under the dialect's shipped profile. A dialect
/// that is correct must pass every scenario it can run, in every mode.
@Suite("Dialect bridges of our own end to end")
struct DialectBridgesEndToEndTests {
  /// A dialect folder and the shipped profile that describes it.
  struct Dialect: Sendable, CustomStringConvertible {
    let folder: String
    let profile: String
    /// The fewest scenarios that must pass in each mode: a dialect that
    /// cannot express most fixtures (mushao's native side cannot call the
    /// page at all) passes fewer, and skips the rest with the reason.
    var minimumPasses = 40
    var description: String { folder }
  }

  /// The dialects whose calling convention the dialect model expresses
  /// (every dialect in conformance/dialects/).
  static let dialects = [
    Dialect(folder: "wvjb-6", profile: "wvjb-classic"), Dialect(folder: "wvjb-5", profile: "wvjb-5"),
    Dialect(folder: "wvjb-4", profile: "wvjb-4"), Dialect(folder: "wkwebview-port", profile: "wkwebview-port"),
    Dialect(folder: "kotlin-port", profile: "kotlin-port"),
    Dialect(folder: "jsbridge-1", profile: "jsbridge-1"), Dialect(folder: "react-native", profile: "react-native"),
    Dialect(folder: "prompt-android", profile: "prompt-android"), Dialect(folder: "jsbridge-2", profile: "jsbridge-2"),
    Dialect(folder: "flutter", profile: "flutter"), Dialect(folder: "flutter-es7", profile: "flutter-es7"),
    Dialect(folder: "mushao", profile: "mushao", minimumPasses: 8),
    Dialect(folder: "module-action", profile: "module-action"),
  ]

  enum Mode: String, CaseIterable, Sendable { case page, native, both }

  private func arguments(_ dialect: Dialect, _ mode: Mode) -> [String] {
    let page = ["--js", "conformance/dialects/\(dialect.folder)/page.js"]
    let native = ["--native", "python3 conformance/dialects/\(dialect.folder)/native.py"]
    let sides: [String]
    switch mode {
    case .page: sides = page
    case .native: sides = native
    case .both: sides = page + native
    }
    return ["run"] + sides + ["--profile", dialect.profile, "--format", "json"]
  }

  @Test(arguments: dialects, Mode.allCases)
  func aCorrectDialectBridgePassesEveryScenarioItCanRun(dialect: Dialect, mode: Mode) throws {
    let outcome = try bridgecheck(arguments(dialect, mode), timeLimit: 300)
    let report = try jsonReport(outcome.stdout)
    let results = report["results"]?.arrayValue ?? []
    let notPassing = results.filter { ["fail", "error"].contains($0["status"]?.stringValue ?? "") }
      .compactMap { $0["id"]?.stringValue }
    #expect(outcome.status == 0, "\(dialect) \(mode): \(notPassing) \(outcome.stderr.prefix(1_000))")
    #expect(notPassing.isEmpty, "\(dialect) \(mode): \(notPassing)")
    let passed = results.filter { $0["status"]?.stringValue == "pass" }.count
    #expect(passed >= dialect.minimumPasses, "\(dialect) \(mode): only \(passed) passed")
    // Every skip says why.
    let unexplained = results.filter {
      $0["status"]?.stringValue == "skip" && ($0["message"]?.stringValue ?? "").isEmpty
    }
    #expect(unexplained.isEmpty, "\(dialect) \(mode): skips without a reason")
  }
}
