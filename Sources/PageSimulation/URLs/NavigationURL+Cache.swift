import Synchronization

/// The URLs parsed lately, so that a page that navigates its iframe to the
/// same few URLs again and again (every bridge signal, in every scenario of
/// a run) parses each once per process. Parsing is a pure function of the
/// text and the base, so a cached answer is the answer.
///
/// Only short texts are kept (a URL carrying a message's JSON is parsed each
/// time), and the cache is emptied when full, so a page making up new URLs
/// cannot make it grow.
enum NavigationURLCache {
  /// The longest text kept, in UTF-8 bytes.
  static let maximumTextLength = 256
  /// The most entries kept; past it the cache starts again empty.
  static let capacity = 256

  private struct Key: Hashable {
    let text: String
    let base: NavigationURL?
  }

  private static let entries = Mutex<[Key: NavigationURL?]>([:])

  /// The parse of `text` against `base`, from the cache or made by `parse`.
  static func url(_ text: String, base: NavigationURL?, parse: () -> NavigationURL?) -> NavigationURL? {
    guard text.utf8.count <= maximumTextLength else { return parse() }
    let key = Key(text: text, base: base)
    if let cached = entries.withLock({ $0[key] }) { return cached }
    let parsed = parse()
    entries.withLock { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = parsed
    }
    return parsed
  }
}
