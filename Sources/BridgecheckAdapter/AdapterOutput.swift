import JSONModel

/// The events an adapter writes in answer to the commands it has read: one
/// JSON object per line, and in protocol 1.4 a text block after a line that
/// announces one. The command loop writes what gathered here once it has
/// answered every command it has read.
public final class AdapterOutput {
  /// The bytes written since the last ``take()``.
  private var bytes: [UInt8] = []

  /// Creates an empty output.
  public init() {}

  /// Writes `event` with `fields` (which must not hold `type`), and, when
  /// `block` is given, that text as a 1.4 text block after it.
  public func emit(_ event: AdapterProtocol.Event, _ fields: JSONObject, block: String? = nil) {
    // Written straight into the output (no merged object, no copy).
    fields.appendSerializedUTF8(to: &bytes, type: event.rawValue)
    bytes.append(UInt8(ascii: "\n"))
    if let block {
      bytes.append(contentsOf: block.utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
  }

  /// Everything written since the last call, removed from the output.
  public func take() -> [UInt8] {
    defer { bytes.removeAll(keepingCapacity: bytes.count < 1 << 20) }
    return bytes
  }
}
