/// A point on the simulated page's clock, in whole milliseconds since the
/// page's epoch. Nothing in the simulation reads the wall clock.
public struct VirtualTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Milliseconds since the start of the simulation.
  public var milliseconds: Int64

  /// The start of the simulation.
  public static let zero = VirtualTime(milliseconds: 0)

  /// Creates a time from milliseconds since the start of the simulation.
  public init(milliseconds: Int64) { self.milliseconds = milliseconds }

  /// This time moved forward by `delay` milliseconds.
  public func advanced(by delay: Int64) -> VirtualTime {
    VirtualTime(milliseconds: milliseconds &+ max(0, delay))
  }

  public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

  public var description: String { "\(milliseconds)ms" }
}
