import BridgeImplementations
import Foundation
import JSONModel
import ReferenceImplementations
import ScenarioRunner

/// Decodes a fixture written inline in a test.
func fixture(_ json: String, file: String = "inline.json") throws -> Fixture {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bridgecheck-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let path = directory.appendingPathComponent(file).path
  try json.write(toFile: path, atomically: true, encoding: .utf8)
  switch FixtureLoader().loadFile(path) {
  case .success(let fixture): return fixture
  case .failure(let problems): throw FixtureLoadFailure(problems: problems.problems)
  }
}

struct FixtureLoadFailure: Error, CustomStringConvertible {
  var problems: [FixtureProblem]
  var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// The reference pair.
let referenceRunner = ScenarioRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())

/// The package root (for loading the shipped fixtures).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
