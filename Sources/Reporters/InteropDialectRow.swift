import ScenarioRunner

/// bridgecheck's own bridge in one dialect, run three ways under the
/// dialect's profile: its page script with the reference native bridge,
/// the reference page bridge with its native side, and both together. One
/// row of the matrix's dialect table.
public struct InteropDialectRow: Sendable {
  /// The dialect, e.g. `wvjb-4`.
  public var dialect: String
  /// The profile it ran under (a name).
  public var profile: String
  /// Its page script × the reference native bridge.
  public var pageSide: InteropPair
  /// The reference page bridge × its native side.
  public var nativeSide: InteropPair
  /// Its page script × its native side.
  public var bothSides: InteropPair

  /// Creates a row.
  public init(dialect: String, profile: String, pageSide: InteropPair, nativeSide: InteropPair, bothSides: InteropPair)
  {
    self.dialect = dialect
    self.profile = profile
    self.pageSide = pageSide
    self.nativeSide = nativeSide
    self.bothSides = bothSides
  }

  /// The three pairs, in column order.
  public var pairs: [InteropPair] { [pageSide, nativeSide, bothSides] }
}
