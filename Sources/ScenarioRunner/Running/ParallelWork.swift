import Foundation
import Synchronization

/// Runs independent pieces of work on a few threads with large stacks
/// (JavaScriptCore sizes its recursion limit from the thread's stack) and
/// returns the results in input order.
package enum ParallelWork {
  /// Calls `work` for every index in `0..<count` on `jobs` threads.
  ///
  /// - Parameters:
  ///   - progress: called after each item, serialised, with the number done.
  ///   - shouldStop: polled before each item; items not started are left out.
  package static func map<T: Sendable>(
    count: Int, jobs: Int, work: @escaping @Sendable (Int) -> T,
    progress: @escaping @Sendable (Int, T) -> Void = { _, _ in },
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) -> [T] {
    map(
      feed: WorkFeed(Array(0..<count)), jobs: min(jobs, count), work: work, progress: progress, shouldStop: shouldStop)
  }

  /// Calls `work` for every item of `feed` on `jobs` threads (at least one), starting
  /// before the feed has ended: a thread that is ahead of the producer
  /// waits for the next item. Results come back in feed order.
  ///
  /// - Parameters:
  ///   - progress: called after each item, serialised, with the number done.
  ///   - shouldStop: polled before each item; items not started are left out.
  package static func map<Item: Sendable, T: Sendable>(
    feed: WorkFeed<Item>, jobs: Int, work: @escaping @Sendable (Item) -> T,
    progress: @escaping @Sendable (Int, T) -> Void = { _, _ in },
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) -> [T] {
    let state = Mutex(State<T>())
    let group = DispatchGroup()
    for _ in 0..<max(1, jobs) {
      group.enter()
      let thread = Thread {
        while true {
          let index = state.withLock { state -> Int? in
            guard !shouldStop() else { return nil }
            defer { state.next += 1 }
            return state.next
          }
          // Waits, outside the lock, for an item the producer has not
          // handed over yet.
          guard let index, let item = feed.item(at: index) else { break }
          let result = work(item)
          state.withLock { state in
            state.results[index] = result
            state.finished += 1
            progress(state.finished, result)
          }
        }
        group.leave()
      }
      thread.stackSize = 16 << 20
      thread.start()
    }
    group.wait()
    return state.withLock { state in
      state.results.sorted { $0.key < $1.key }.map(\.value)
    }
  }

  private struct State<T: Sendable>: Sendable {
    var results: [Int: T] = [:]
    var next = 0
    var finished = 0
  }
}
