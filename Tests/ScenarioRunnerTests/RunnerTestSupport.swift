import BridgeImplementations
import Foundation
import JSONModel
import ReferenceImplementations
import ScenarioRunner
import TestSupport

/// Decodes a fixture written inline in a test.
func fixture(_ json: String, file: String = "inline.json") throws -> Fixture {
  let directory = try temporaryFolder("bridgecheck-tests")
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
let referenceRunner = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
