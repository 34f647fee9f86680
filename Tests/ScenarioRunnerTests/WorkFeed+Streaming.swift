import Foundation
import Testing

@testable import ScenarioRunner

@Suite("work fed while it runs")
struct WorkFeedStreamingTests {
  @Test func itemsThatArriveLateAreAllDoneAndResultsKeepFeedOrder() {
    let feed = WorkFeed<Int>()
    let producer = Thread {
      for item in 0..<200 {
        feed.append(item)
        if item % 50 == 0 { usleep(2_000) }
      }
      feed.end()
    }
    producer.start()
    let results = ParallelWork.map(feed: feed, jobs: 3, work: { $0 * 2 })
    #expect(results == (0..<200).map { $0 * 2 })
    #expect(feed.hasEnded)
  }

  @Test func workStartsBeforeTheFeedEnds() {
    let feed = WorkFeed<Int>()
    feed.append(1)
    let firstDone = DispatchSemaphore(value: 0)
    let producer = Thread {
      // The second item comes only once the first has been worked on.
      firstDone.wait()
      feed.append(2)
      feed.end()
    }
    producer.start()
    let results = ParallelWork.map(
      feed: feed, jobs: 2,
      work: { item -> Int in
        if item == 1 { firstDone.signal() }
        return item
      })
    #expect(results == [1, 2])
  }

  @Test func anEmptyFeedAndAStopEndTheWorkers() {
    let empty = WorkFeed<Int>()
    empty.end()
    #expect(ParallelWork.map(feed: empty, jobs: 2, work: { $0 }).isEmpty)
    let stopped = WorkFeed<Int>([1, 2, 3])
    #expect(ParallelWork.map(feed: stopped, jobs: 2, work: { $0 }, shouldStop: { true }).isEmpty)
    let late = WorkFeed<Int>()
    late.end()
    late.append(9)
    #expect(late.count == 0, "nothing is added once the feed has ended")
  }

  @Test func theLoaderHandsOverFixturesInOrderAndStopsAtTheFirstProblem() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bc-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func fixture(_ id: String) -> String {
      #"{"id": "\#(id)", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair", "steps": [{"action": "settle"}]}"#
    }
    for name in ["a", "b", "d"] {
      try fixture("data/" + name).write(
        toFile: folder.appendingPathComponent("data/\(name).json").path, atomically: true, encoding: .utf8)
    }
    // c.json comes between b and d and repeats b's id.
    try fixture("data/b").write(
      toFile: folder.appendingPathComponent("data/c.json").path, atomically: true, encoding: .utf8)
    var handed: [String] = []
    let outcome = FixtureLoader().load(paths: [folder.path]) { handed.append($0.file) }
    #expect(handed.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.json", "b.json"])
    #expect(outcome.problems.map(\.code) == ["duplicate-id"])
    #expect(outcome.fixtures.count == 4)
    let whole = FixtureLoader().load(paths: [folder.path])
    #expect(whole.problems.map(\.description) == outcome.problems.map(\.description))
  }
}
