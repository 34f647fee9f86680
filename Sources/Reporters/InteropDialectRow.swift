import ScenarioRunner

/// bridgecheck's own bridge in one dialect, run three ways under the
/// dialect's profile: its page script with the reference native bridge,
/// the reference page bridge with its native side, and both together. One
/// row of the matrix's dialect table.
package struct InteropDialectRow: Sendable {
  /// The dialect, e.g. `wvjb-4`.
  package var dialect: String
  /// The profile it ran under (a name).
  package var profile: String
  /// Its page script × the reference native bridge.
  package var pageSide: InteropPair
  /// The reference page bridge × its native side.
  package var nativeSide: InteropPair
  /// Its page script × its native side.
  package var bothSides: InteropPair

  /// Creates a row.
  package init(dialect: String, profile: String, pageSide: InteropPair, nativeSide: InteropPair, bothSides: InteropPair)
  {
    self.dialect = dialect
    self.profile = profile
    self.pageSide = pageSide
    self.nativeSide = nativeSide
    self.bothSides = bothSides
  }

  /// The three pairs, in column order.
  package var pairs: [InteropPair] { [pageSide, nativeSide, bothSides] }
}
