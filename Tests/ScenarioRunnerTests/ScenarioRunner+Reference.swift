import BridgeImplementations
import Testing

@testable import ScenarioRunner

@Suite("Runner with the reference pair")
struct ScenarioRunnerReferenceTests {
  @Test func shippedFixturesLoadAndPass() throws {
    let outcome = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path])
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    #expect(!outcome.fixtures.isEmpty)
    for fixture in outcome.fixtures {
      let result = referenceRunner.run(fixture)
      #expect(result.status == .pass || result.status == .skip, "\(fixture.id): \(result.message ?? "")\n\(result.trace.map(\.description).joined(separator: "\n"))")
    }
  }
}
