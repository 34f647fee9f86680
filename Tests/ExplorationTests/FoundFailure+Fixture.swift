import Foundation
import JSONModel
import ScenarioRunner
import TestSupport
import Testing

@testable import Exploration

/// A failure found by fuzzing or exploring, written as a fixture by the
/// tool itself, fails the mutant and passes the reference pair.
@Suite("Found failures become fixtures")
struct FoundFailureFixtureTests {
  @Test(
    "fuzz: the written fixture fails the mutant and passes the reference pair",
    arguments: [
      "page-byte-order-marks-stripped", "native-byte-order-marks-stripped", "page-lone-surrogates-throw-in-send",
    ])
  func fuzzedFixture(name: String) throws {
    let mutant = try explorationMutant(name).mutant
    let report = FuzzCampaign(runner: mutant.runner(), options: FuzzOptions(seed: 0), jobs: 2).run()
    let failure = try #require(report.failure, "fuzz did not catch \(name) within \(FuzzOptions.defaultRuns) values")
    let folder = try temporaryFolder("bridgecheck-exploration")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try writeAndLoad(failure.fixture, to: folder.appendingPathComponent("found.json"))
    let mutantResult = mutant.runner().run(fixture)
    #expect(mutantResult.status == .fail || mutantResult.status == .error, "\(mutantResult.message ?? "")")
    let reference = referenceRunner.run(fixture)
    #expect(reference.status == .pass, "\(reference.message ?? "")")
  }

  @Test("fuzz reports the same failure whatever the number of threads")
  func jobsChangeNothing() throws {
    let mutant = try explorationMutant("page-byte-order-marks-stripped").mutant
    let one = FuzzCampaign(runner: mutant.runner(), options: FuzzOptions(seed: 4, runs: 400), jobs: 1).run()
    let two = FuzzCampaign(runner: mutant.runner(), options: FuzzOptions(seed: 4, runs: 400), jobs: 2).run()
    #expect(one.valuesRun == two.valuesRun)
    #expect(one.failure?.fixture == two.failure?.fixture)
    #expect(one.failure != nil)
  }

  @Test("the reference pair holds every property over generated values")
  func referenceHolds() {
    let report = FuzzCampaign(runner: referenceRunner, options: FuzzOptions(seed: 1, runs: 300), jobs: 2).run()
    #expect(report.failure == nil, "\(report.failure?.result.message ?? "")")
    #expect(report.valuesRun == 300)
  }
}
