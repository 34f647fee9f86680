/// Finds, eight bytes at a time, where a run of plain string content ends:
/// the first byte that a JSON string cannot hold as it is (a quote, a
/// backslash, a control character) or, when asked, the first byte of a
/// multi-byte UTF-8 sequence (to be validated).
///
/// Megabyte strings cross the adapter pipe several times per scenario, and a
/// byte-by-byte loop with three comparisons per byte was a third of the
/// instructions of the adapter process; a word at a time, a plain run costs
/// about a byte's loop per eight bytes.
enum JSONStringScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The index of the first byte at or after `start` (and before `end`) that
  /// is `"`, `\` or below 0x20, or also 0x80 or above when `stopsAtNonASCII`;
  /// `end` when there is none.
  @inline(__always)
  static func endOfPlainRun(
    in base: UnsafePointer<UInt8>, from start: Int, to end: Int, stopsAtNonASCII: Bool
  ) -> Int {
    var index = start
    let raw = UnsafeRawPointer(base)
    let stopMask = stopsAtNonASCII ? highBits : 0
    while index &+ 8 <= end {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      // A byte below 0x20: (word - 0x20 per byte) borrows into its high bit
      // while the byte's own high bit is clear. Equal to `"` or `\`: the
      // byte is zero after an exclusive or. The tests may also flag bytes
      // after a true hit (borrows), never a word without one.
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      let flagged =
        ((word &- ones &* 0x20) & ~word & highBits)
        | ((quote &- ones) & ~quote & highBits)
        | ((backslash &- ones) & ~backslash & highBits)
        | (word & stopMask)
      if flagged != 0 { break }
      index &+= 8
    }
    while index < end {
      let byte = base[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
      if byte >= 0x80 && stopsAtNonASCII { return index }
      index &+= 1
    }
    return end
  }
}
