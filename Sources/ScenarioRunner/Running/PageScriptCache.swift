import BridgeImplementations
import Dialects
import Synchronization

/// Page-side scripts that depend only on the page bridge's profile (the
/// harness helper, a page's setup snippet in the profile's names), built
/// once per profile instead of once per scenario.
enum PageScriptCache {
  /// More distinct entries than any run has (a run has one profile); past
  /// it the cache starts again, so memory stays bounded whatever the caller.
  static let capacity = 32

  private static let harnessScripts = Mutex<[BridgeProfile: String]>([:])
  private static let setupSnippets = Mutex<[BridgeProfile: String?]>([:])

  /// ``HarnessPageScript/source(profile:)``, built once per profile.
  static func harness(for profile: BridgeProfile) -> String {
    cached(in: harnessScripts, key: profile) { HarnessPageScript.source(profile: profile) }
  }

  /// ``PageSetupSnippet/source(for:)``, built once per profile.
  static func setupSnippet(for profile: BridgeProfile) -> String? {
    cached(in: setupSnippets, key: profile) { PageSetupSnippet.source(for: profile) }
  }

  private static func cached<Key: Hashable & Sendable, Value: Sendable>(
    in cache: borrowing Mutex<[Key: Value]>, key: Key, make: () -> Value
  ) -> Value {
    if let known = cache.withLock({ $0[key] }) { return known }
    let made = make()
    cache.withLock { entries in
      if entries.count >= capacity { entries.removeAll() }
      entries[key] = made
    }
    return made
  }
}
