import BridgeImplementations
import JSONModel

/// A deliberately broken bridge with exactly one realistic bug, used to prove
/// that fixtures catch what they claim to catch.
public struct Mutant: Sendable, Hashable {
  /// Which side the bug is on.
  public enum Side: String, Sendable, Hashable, CaseIterable {
    case page, native
  }

  /// How the broken bridge is made from the reference.
  public enum Construction: Sendable, Hashable {
    /// The reference page bridge with text replacements applied.
    case pagePatch([Replacement])
    /// The reference native bridge with a named fault switched on.
    case nativeFault(String)
  }

  /// One text replacement in the reference page bridge.
  public struct Replacement: Sendable, Hashable {
    /// Text that must occur exactly once in the reference.
    public var find: String
    /// What it becomes.
    public var replace: String
  }

  /// Unique name, e.g. `page-timestamp-only-ids`.
  public var name: String
  /// The side the bug is on.
  public var side: Side
  /// The bug, in one sentence.
  public var bug: String
  /// Where bridges in the wild have it.
  public var seenIn: String
  /// How it is built.
  public var construction: Construction
  /// Whether the bug makes the bridge crash (trap), so that it must run in
  /// a separate process.
  public var crashes: Bool
  /// The definition file.
  public var file: String
}
