/// Why a pattern is not accepted by ``BoundedRegex``: a sentence, a hint on
/// how to write it instead, and where in the pattern (a 1-based position
/// counted in Unicode scalars).
public struct BoundedRegexError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, e.g. "backreferences are not supported".
  public var message: String
  /// How to write the pattern instead.
  public var hint: String
  /// The 1-based position in the pattern (in Unicode scalars) where the problem starts.
  public var position: Int

  /// Creates an error.
  public init(_ message: String, hint: String, position: Int) {
    self.message = message
    self.hint = hint
    self.position = position
  }

  /// The message with its position.
  public var description: String { "\(message) (at character \(position) of the pattern)" }
}
