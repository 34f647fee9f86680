/// Why a pattern is not accepted by ``BoundedRegex``: a sentence, a hint on
/// how to write it instead, and where in the pattern (a 1-based position
/// counted in Unicode scalars).
package struct BoundedRegexError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, e.g. "backreferences are not supported".
  package var message: String
  /// How to write the pattern instead.
  package var hint: String
  /// The 1-based position in the pattern (in Unicode scalars) where the problem starts.
  package var position: Int

  /// Creates an error.
  package init(_ message: String, hint: String, position: Int) {
    self.message = message
    self.hint = hint
    self.position = position
  }

  /// The message with its position.
  package var description: String { "\(message) (at character \(position) of the pattern)" }
}
