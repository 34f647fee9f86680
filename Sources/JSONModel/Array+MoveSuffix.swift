extension Array {
  /// Removes the elements from `start` to the end and returns them as a new
  /// array, moving them instead of copying (no retain/release per element).
  ///
  /// The vacated slots are refilled with `filler` before the array shrinks,
  /// so `filler` should be a value without references (such as
  /// `JSONValue.null`) for the shrinking to be free.
  mutating func moveSuffix(from start: Int, filler: Element) -> [Element] {
    let count = self.count - start
    guard count > 0 else { return [] }
    let moved = withUnsafeMutableBufferPointer { buffer in
      [Element](unsafeUninitializedCapacity: count) { target, initialized in
        guard let source = buffer.baseAddress, let destination = target.baseAddress else { return }
        destination.moveInitialize(from: source + start, count: count)
        (source + start).initialize(repeating: filler, count: count)
        initialized = count
      }
    }
    removeSubrange(start...)
    return moved
  }
}
