import Foundation
import ScenarioRunner
import Supervision
import Testing

/// `bridgecheck run` hands scenarios to its workers while later fixtures are
/// still being loaded: the first results come before loading ends, and the
/// results are those of the same fixtures handed over all at once, in order.
@Suite("Worker pool fed while fixtures load")
struct WorkerPoolFeedTests {
  private let ids = [
    "callbacks/page-to-native-response", "dispatch/messages-dispatched-in-sent-order",
    "transport/order-kept-across-batches", "data/falsy-data-native-to-page", "escaping/single-quote-native-to-page",
  ]

  @Test func theFirstScenariosRunBeforeLoadingEndsAndResultsKeepFeedOrder() throws {
    let chosen = try fixtures(ids)
    let feed = WorkFeed<Fixture>()
    let firstResult = DispatchSemaphore(value: 0)
    let waitedInVain = LockedFlag()
    // The loader: two fixtures, then the rest only once a result came back
    // (or, if none comes while it waits, after a long while: the test fails).
    let loader = Thread {
      feed.append(chosen[0])
      feed.append(chosen[1])
      if firstResult.wait(timeout: .now() + 60) == .timedOut { waitedInVain.set() }
      for fixture in chosen.dropFirst(2) { feed.append(fixture) }
      feed.end()
    }
    loader.start()
    let pool = WorkerPool(executable: try workerExecutable(), configuration: referenceConfiguration(), jobs: 2)
    var endedAtFirstResult: Bool?
    let streamed = pool.run(feed) { finished, _ in
      if finished == 1 {
        endedAtFirstResult = feed.hasEnded
        firstResult.signal()
      }
    }
    pool.stopAll()
    #expect(!waitedInVain.isSet, "no scenario finished while loading went on")
    #expect(endedAtFirstResult == false)
    #expect(streamed.map(\.scenario.id) == ids)
    let allAtOnce = WorkerPool(executable: try workerExecutable(), configuration: referenceConfiguration(), jobs: 2)
    let loaded = allAtOnce.run(chosen)
    allAtOnce.stopAll()
    #expect(streamed.map(\.status) == loaded.map(\.status))
    #expect(streamed.map(\.trace) == loaded.map(\.trace))
    #expect(streamed.allSatisfy { $0.status == .pass })
  }

  @Test func aFeedThatEndsEmptyRunsNothing() throws {
    let feed = WorkFeed<Fixture>()
    let loader = Thread {
      usleep(20_000)
      feed.end()
    }
    loader.start()
    let pool = WorkerPool(executable: try workerExecutable(), configuration: referenceConfiguration(), jobs: 2)
    pool.prestart()
    #expect(pool.run(feed).isEmpty)
    pool.stopAll()
  }
}

/// A flag set from another thread.
private final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  func set() {
    lock.lock()
    value = true
    lock.unlock()
  }

  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
