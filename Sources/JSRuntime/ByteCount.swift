/// A byte count as people read it in messages: `64 MiB`, `1.5 KiB`, `12 bytes`.
package struct ByteCount: CustomStringConvertible, Sendable, Hashable {
  /// The number of bytes.
  package var bytes: Int

  /// Wraps a number of bytes.
  package init(_ bytes: Int) { self.bytes = bytes }

  package var description: String {
    let units: [(Int, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
    for (size, name) in units where bytes >= size {
      let tenths = (bytes * 10 + size / 2) / size
      let text = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
      return "\(text) \(name)"
    }
    return "\(bytes) bytes"
  }
}
