import Foundation
import ScenarioRunner
import Supervision
import TestSupport

/// The built `bridgecheck` binary, which serves `bridgecheck worker`.
func workerExecutable() throws -> String {
  try bridgecheckBinary().path
}

struct SupervisionTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The shipped fixtures.
func shippedFixtures() -> [Fixture] {
  FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path]).fixtures
}

/// A few quick fixtures of the shipped suite, by id.
func fixtures(_ ids: [String]) throws -> [Fixture] {
  let all = shippedFixtures()
  return try ids.map { id in
    guard let fixture = all.first(where: { $0.id == id }) else { throw SupervisionTestError("no fixture \(id)") }
    return fixture
  }
}

/// The reference pair, in worker processes.
func referenceConfiguration(scenarioTimeLimit: Duration = .seconds(20)) -> WorkerConfiguration {
  WorkerConfiguration(
    page: .reference, native: .reference, tested: .both, options: RunOptions(scenarioTimeLimit: scenarioTimeLimit))
}

/// Whether `/proc` can be read (process trees, memory).
let procIsAvailable = FileManager.default.fileExists(atPath: "/proc/self/stat")
