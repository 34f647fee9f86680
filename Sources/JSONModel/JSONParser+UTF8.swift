extension JSONParser {
  /// The length of the well-formed UTF-8 sequence starting at `offset`, or
  /// `nil` if the bytes there are ill-formed or truncated (overlong forms,
  /// surrogates, values above U+10FFFF and stray continuation bytes are all
  /// ill-formed). ASCII bytes have length 1.
  func wellFormedSequenceLength(at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upper = 0x8F
    default: return nil
    }
    guard offset + length <= bytes.count else { return nil }
    let second = bytes[offset + 1]
    guard second >= lower, second <= upper else { return nil }
    for index in (offset + 2)..<(offset + length) where bytes[index] & 0xC0 != 0x80 {
      return nil
    }
    return length
  }
}
