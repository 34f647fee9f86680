import Synchronization

/// The lazily built DFA of one ``BoundedRegex``, kept between matches so that
/// a pattern matched against many trace events learns each step once.
/// Shared by the threads that judge scenarios: a thread that finds it in use
/// matches with a cache of its own rather than wait.
final class LearnedSteps: Sendable {
  private let cache = Mutex(RegexStateCache())

  /// Runs `body` with the learned steps, or with an empty cache when another
  /// thread holds them.
  func use(_ body: (inout RegexStateCache) -> Bool) -> Bool {
    if let result = cache.withLockIfAvailable({ body(&$0) }) { return result }
    var scratch = RegexStateCache()
    return body(&scratch)
  }
}
