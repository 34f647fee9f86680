/// A point on the simulated page's clock, in whole milliseconds since the
/// page's epoch. Nothing in the simulation reads the wall clock.
package struct VirtualTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Milliseconds since the start of the simulation.
  package var milliseconds: Int64

  /// The start of the simulation.
  package static let zero = VirtualTime(milliseconds: 0)

  /// Creates a time from milliseconds since the start of the simulation.
  package init(milliseconds: Int64) { self.milliseconds = milliseconds }

  /// This time moved forward by `delay` milliseconds.
  package func advanced(by delay: Int64) -> VirtualTime {
    VirtualTime(milliseconds: milliseconds &+ max(0, delay))
  }

  package static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

  package var description: String { "\(milliseconds)ms" }
}
