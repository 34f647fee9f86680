import Foundation
import Mutation
import PageSimulation
import ScenarioRunner
import Supervision
import TestSupport
import Testing
import WebViewHosting

/// `bridgecheck fidelity` on worker processes: every cell in both engines
/// runs in a worker (here the second engine is the simulated page too, as
/// a build without the real engine has no other), and the comparison is
/// the same as in process.
@Suite("Fidelity on the supervised workers")
struct SupervisedFidelityTests {
  @Test func everyCellRunsInBothEnginesOnTheWorkers() throws {
    let fixtures = EngineFidelityTests.fixtures([
      "callbacks/page-to-native-response", "transport/ordinary-navigations-go-to-the-app",
      "data/absent-versus-null-data",
    ])
    #expect(fixtures.count == 3)
    var steps: [Int] = []
    let result = SupervisedFidelity.run(
      rows: [EngineFidelityTests.reference], fixtures: fixtures, second: PageEngine.simulated.name,
      executable: try bridgecheckBinary().path, jobs: 2, progress: { steps.append($0.cellsDone) })
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
      executable: try bridgecheckBinary().path, jobs: 1, stopReason: { .interrupt })
    #expect(!result.complete)
    #expect(!result.agrees)
  }
}
