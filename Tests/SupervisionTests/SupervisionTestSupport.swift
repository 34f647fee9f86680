import Foundation
import ScenarioRunner
import Supervision

/// The package root.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The built `bridgecheck` binary, which serves `bridgecheck worker`.
func workerExecutable() throws -> String {
  var candidates: [URL] = []
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
  for _ in 0..<4 {
    candidates.append(folder.appendingPathComponent("bridgecheck"))
    folder.deleteLastPathComponent()
  }
  candidates.append(packageRoot.appendingPathComponent(".build/debug/bridgecheck"))
  guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
    throw SupervisionTestError(
      "bridgecheck binary not found (swift build --product bridgecheck); looked in \(candidates)")
  }
  return found.path
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
