import CJavaScriptCore

/// Large script texts that a context group sees again and again (a page
/// bridge injected into every page, a fixture's page script), kept as
/// engine scripts so that each later evaluation skips converting the text to
/// UTF-16 and hashing it for the engine's code cache.
///
/// A text is recognised by the identity of its storage (the address and
/// length of its UTF-8 bytes), not by comparing its content, which would
/// cost as much as what is saved. That is sound because an entry keeps its
/// string alive: no other string can have that storage while the entry
/// exists, and Swift string storage never changes under a string that
/// shares it. A text is kept from its second evaluation on, so that scripts
/// evaluated once (a message carrying a megabyte payload) never stay.
struct ReusedScripts {
  /// Texts shorter than this are converted each time: the bookkeeping would
  /// cost more than it saves.
  static let minimumLength = 4_096
  /// The most texts kept; past it the oldest goes.
  static let capacity = 8
  /// The most texts remembered as seen once; past it the record is cleared.
  static let sightingsCapacity = 64

  private struct Identity: Hashable {
    let address: UInt
    let length: Int
    let sourceURL: String?
  }

  private var kept: [(identity: Identity, source: String, raw: JSScriptRef)] = []
  private var seenOnce: Set<Identity> = []
  /// Evaluations that used a kept text (tests read it).
  private(set) var hits = 0

  /// The engine script for `source` in `group` when it has been evaluated
  /// before; nil for short texts, texts seen for the first time, texts
  /// without contiguous storage and texts with a syntax error (the caller
  /// then evaluates the text itself, which reports the error).
  mutating func script(for source: String, sourceURL: String?, in group: JSContextGroupRef) -> JSScriptRef? {
    guard source.utf8.count >= Self.minimumLength,
      let address = source.utf8.withContiguousStorageIfAvailable({ UInt(bitPattern: $0.baseAddress) })
    else { return nil }
    let identity = Identity(address: address, length: source.utf8.count, sourceURL: sourceURL)
    if let entry = kept.first(where: { $0.identity == identity }) {
      hits += 1
      return entry.raw
    }
    guard seenOnce.remove(identity) != nil else {
      if seenOnce.count >= Self.sightingsCapacity { seenOnce.removeAll() }
      seenOnce.insert(identity)
      return nil
    }
    guard let made = ContextGroup.makeScript(source, sourceURL: sourceURL, in: group) else { return nil }
    if kept.count >= Self.capacity { JSScriptRelease(kept.removeFirst().raw) }
    kept.append((identity, source, made))
    return made
  }

  /// Releases every engine script (the group is going away).
  mutating func releaseAll() {
    for entry in kept { JSScriptRelease(entry.raw) }
    kept.removeAll()
    seenOnce.removeAll()
  }
}
