import Foundation
import Mutation
import PageSimulation
import ScenarioRunner
import Supervision
import Testing
import WebViewHosting

/// `bridgecheck fidelity` on worker processes: every cell in both engines
/// runs in a worker (here the second engine is the simulated page too, as
/// a build without the real engine has no other), and the comparison is
/// the same as in process.
@Suite("Fidelity on the supervised workers")
struct SupervisedFidelityTests {
  /// The built `bridgecheck` binary, which serves `bridgecheck worker`.
  static func executable() throws -> String {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    var candidates: [URL] = []
    for _ in 0..<4 {
      candidates.append(folder.appendingPathComponent("bridgecheck"))
      folder.deleteLastPathComponent()
    }
    candidates.append(EngineFidelityTests.root.appendingPathComponent(".build/debug/bridgecheck"))
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "no bridgecheck binary"
    ).path
  }

  @Test func everyCellRunsInBothEnginesOnTheWorkers() throws {
    let fixtures = EngineFidelityTests.fixtures([
      "callbacks/page-to-native-response", "transport/ordinary-navigations-go-to-the-app",
      "data/absent-versus-null-data",
    ])
    #expect(fixtures.count == 3)
    var steps: [Int] = []
    let result = SupervisedFidelity.run(
      rows: [EngineFidelityTests.reference], fixtures: fixtures, second: PageEngine.simulated.name,
      executable: try Self.executable(), jobs: 2, progress: { steps.append($0.cellsDone) })
    #expect(result.complete)
    #expect(result.compared == 3)
    #expect(result.agrees, "\(FidelityReport.text(result))")
    #expect(result.cells.isEmpty)
    #expect(steps.sorted() == [1, 2, 3], "one step a cell, once both engines ran it: \(steps)")
  }

  @Test func aStoppedRunIsIncomplete() throws {
    let fixtures = EngineFidelityTests.fixtures(["callbacks/page-to-native-response", "data/absent-versus-null-data"])
    let result = SupervisedFidelity.run(
      rows: [EngineFidelityTests.reference], fixtures: fixtures, second: PageEngine.simulated.name,
      executable: try Self.executable(), jobs: 1, stopReason: { .interrupt })
    #expect(!result.complete)
    #expect(!result.agrees)
  }
}
