import BridgeImplementations
import Dialects
import Foundation
import ReferenceImplementations
import ScenarioRunner
import TestSupport
import Testing

@testable import Exploration

@Suite("Exploring a scenario's schedules")
struct ScheduleExplorerTests {
  @Test("the reference pair passes a scenario under 60 seeds, and the report does not depend on --jobs")
  func referencePasses() throws {
    let fixtures = try [
      "callbacks/page-to-native-response", "transport/order-kept-across-batches",
      "startup-queue/reload-recovers-on-next-injection",
    ].map(shippedFixture)
    let options = ExploreOptions(seeds: 60)
    let one = ExploringSuiteRunner(runner: referenceRunner, explore: options, jobs: 1).run(fixtures)
    let two = ExploringSuiteRunner(runner: referenceRunner, explore: options, jobs: 2).run(fixtures)
    for (first, second) in zip(one, two) {
      #expect(first.status == .pass, "\(first.scenario.id): \(first.message ?? "")")
      #expect(first.status == second.status && first.message == second.message)
    }
  }

  @Test("a failing schedule is reported with its seed, its shrunk choices and how to replay and pin it")
  func failureReport() throws {
    let mutant = try explorationMutant("native-responders-cleared-each-batch").mutant
    let fixture = try shippedFixture(ExplorationCatch.respondersFixture)
    let outcome = ScheduleExplorer(runner: mutant.runner(), options: seedsOnly).explore(fixture)
    let seed = try #require(outcome.failingSeed, "no seed of \(ExploreOptions.defaultSeeds) failed")
    let message = outcome.result.message ?? ""
    #expect(message.contains("seed \(seed)"))
    #expect(message.contains("--replay \(seed)"))
    #expect(message.contains("\"schedule\": {\"deviations\":"))
    #expect(outcome.shrunk.count <= outcome.seedDeviations.count)
    #expect(!outcome.shrunk.isEmpty)
    // Replaying the seed fails again, and so does the shrunk pin.
    #expect(ScheduleExplorer.isFailure(mutant.runner().run(fixture, schedule: .seed(seed)).result))
    #expect(ScheduleExplorer.isFailure(mutant.runner().run(fixture, schedule: .deviations(outcome.shrunk)).result))
  }

  @Test("the page schedule mutant passes under the default schedule and exploration catches it")
  func pageScheduleMutant() throws {
    let mutant = try explorationMutant("page-queued-after-signal").mutant
    #expect(mutant.pageSource != nil && mutant.foundBy == .explore)
    let fixture = try shippedFixture(ExplorationCatch.queuedAfterSignalFixture)
    #expect(mutant.runner().run(fixture).status == .pass, "the default schedule misses it")
    let outcome = ScheduleExplorer(runner: mutant.runner(), options: seedsOnly).explore(fixture)
    let seed = try #require(outcome.failingSeed, "no seed of \(ExploreOptions.defaultSeeds) failed")
    #expect(seed <= 10)
    #expect(!outcome.shrunk.isEmpty)
    #expect(ScheduleExplorer.isFailure(mutant.runner().run(fixture, schedule: .deviations(outcome.shrunk)).result))
    #expect(referenceRunner.run(fixture, schedule: .deviations(outcome.shrunk)).result.status == .pass)
  }
}

@Suite("The page schedule mutant in every dialect it applies to")
struct PageScheduleMutantDialectTests {
  /// The dialects whose page bridge signals with an iframe and keeps a
  /// queue for the native side to fetch: where the mutant's patch changes
  /// anything. (jsbridge-1, which returns the queue by a navigation, is
  /// left out: there the reference pair itself fails an explored schedule,
  /// two fetches in a row whose return URLs coalesce, see CHANGELOG.md.)
  static let profiles = ["wvjb-classic", "wvjb-6", "wvjb-5", "wvjb-4", "wvjb-iframe"]

  @Test("the default schedule misses it and exploration catches it, speaking the dialect", arguments: profiles)
  func caughtInDialect(profileName: String) throws {
    let mutant = try explorationMutant("page-queued-after-signal").mutant
    let source = try #require(mutant.pageSource)
    let profile = try BridgeProfile.load(
      profileName, profilesFolder: packageRoot.appendingPathComponent("conformance/profiles").path
    ).get()
    let runner = FixtureRunner(
      page: ReferencePageImplementation(source: source, profile: profile), native: ReferenceNativeImplementation(),
      tested: TestedSides(page: true, native: false))
    let fixture = try shippedFixture(ExplorationCatch.queuedAfterSignalFixture)
    #expect(runner.run(fixture).status == .pass, "the default schedule misses it")
    let outcome = ScheduleExplorer(runner: runner, options: seedsOnly).explore(fixture)
    #expect(outcome.failingSeed != nil, "no seed of \(ExploreOptions.defaultSeeds) caught it in \(profileName)")
    let reference = FixtureRunner(
      page: ReferencePageImplementation(profile: profile), native: ReferenceNativeImplementation())
    #expect(reference.run(fixture, schedule: .deviations(outcome.shrunk)).result.status == .pass)
  }
}

/// Seeds 1 to the default budget, without the default gate's systematic
/// schedules (the tests of seed exploration).
let seedsOnly = ExploreOptions(systematic: [])

/// Where exploration catches the schedule mutants (checked by the tests).
enum ExplorationCatch {
  static let respondersFixture = "startup-queue/document-start-startup-queue-both-ways"
  static let queuedAfterSignalFixture = "startup-queue/page-calls-during-setup-reach-native"
}

@Suite("A failing schedule becomes a fixture")
struct PinnedScheduleTests {
  @Test("the pinned fixture fails the mutant and passes the reference pair")
  func pinnedFixture() throws {
    let mutant = try explorationMutant("native-responders-cleared-each-batch").mutant
    let fixture = try shippedFixture(ExplorationCatch.respondersFixture)
    let outcome = ScheduleExplorer(runner: mutant.runner(), options: seedsOnly).explore(fixture)
    #expect(outcome.failingSeed != nil)
    let folder = try temporaryFolder("bridgecheck-exploration")
    defer { try? FileManager.default.removeItem(at: folder) }
    let pinned = try writeAndLoad(
      FixturePin.pinned(fixture, schedule: .deviations(outcome.shrunk)),
      to: folder.appendingPathComponent("pinned.json"))
    #expect(pinned.schedule == .deviations(outcome.shrunk))
    #expect(ScheduleExplorer.isFailure(mutant.runner().run(pinned)))
    #expect(referenceRunner.run(pinned).status == .pass)
  }
}
