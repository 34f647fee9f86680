import BridgeImplementations
import Exploration
import Foundation
import JSONModel
import ReferenceImplementations
import ScenarioRunner
import TestSupport

/// The reference pair.
let referenceRunner = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())

/// Loads one shipped fixture by id.
func shippedFixture(_ id: String) throws -> Fixture {
  let path = packageRoot.appendingPathComponent("Fixtures/\(id).json").path
  switch FixtureLoader().loadFile(path) {
  case .success(let fixture): return fixture
  case .failure(let problems): throw LoadFailure(text: problems.problems.map(\.description).joined(separator: "\n"))
  }
}

/// Writes `value` to `file` and loads it back as a fixture.
func writeAndLoad(_ value: JSONValue, to file: URL) throws -> Fixture {
  try value.serialized(pretty: true).write(to: file, atomically: true, encoding: .utf8)
  switch FixtureLoader().loadFile(file.path) {
  case .success(let fixture): return fixture
  case .failure(let problems): throw LoadFailure(text: problems.problems.map(\.description).joined(separator: "\n"))
  }
}

/// The shipped exploration mutant of that name.
func explorationMutant(_ name: String) throws -> ExplorationMutantFixture {
  let catalog = ExplorationMutantCatalog.load(
    from: packageRoot.appendingPathComponent("conformance/mutants/exploration").path)
  guard let mutant = catalog.mutants.first(where: { $0.name == name }) else {
    throw LoadFailure(text: "no mutant \(name)")
  }
  return ExplorationMutantFixture(mutant: mutant)
}

struct ExplorationMutantFixture {
  let mutant: ExplorationMutant
}

struct LoadFailure: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}
