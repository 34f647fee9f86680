/// A growable byte buffer for the parser's escaped strings, appended to
/// without the uniqueness check and capacity bookkeeping of an `Array` on
/// every byte (an escape-heavy megabyte string appends once per escape).
struct ByteScratch: ~Copyable {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes it holds.
  private(set) var count = 0

  init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    storage = .allocate(capacity: self.capacity)
  }

  deinit { storage.deallocate() }

  /// Forgets the contents; the storage is kept for the next string.
  mutating func removeAll() { count = 0 }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    storage[count] = byte
    count &+= 1
  }

  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
    (storage + count).update(from: source, count: bytes.count)
    count &+= bytes.count
  }

  /// The contents as a string (ill-formed UTF-8 repaired, as
  /// `String(decoding:as:)` does).
  func makeString() -> String {
    String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
  }

  private mutating func grow(toHold needed: Int) {
    let newCapacity = max(needed, capacity * 2)
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = bigger
    capacity = newCapacity
  }
}
