import Foundation

extension MessageJSON {
  /// The Foundation values of JSON `text` (`String`, `NSNumber`, `NSNull`, `[Any]`, `[String: Any]`),
  /// as `JSONSerialization.jsonObject(with:options: [.fragmentsAllowed])` reads them; nil where it
  /// throws (text that is not JSON, a lone surrogate escape, nesting deeper than 512 levels).
  ///
  /// Read by hand because Linux's `JSONSerialization` makes every string through a generic
  /// conversion: reading the page's queue after each fetch was the largest part of what the bridge
  /// cost under the kit. A number with a fraction or an exponent is a `Double` here (Linux's
  /// `JSONSerialization` gives an `NSDecimalNumber`).
  static func value(parsing text: String) -> Any? {
    var text = text
    return text.withUTF8 { utf8 -> Any? in
      var reader = Reader(bytes: utf8)
      reader.skipSpace()
      guard let value = reader.readValue(depth: 1) else { return nil }
      reader.skipSpace()
      return reader.index == utf8.count ? value : nil
    }
  }

  /// The maximum nesting `JSONSerialization` reads.
  private static let maximumDepth = 512

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func readValue(depth: Int) -> Any? {
      guard let byte = current, depth <= MessageJSON.maximumDepth else { return nil }
      switch byte {
      case UInt8(ascii: "\""): return readString()
      case UInt8(ascii: "["): return readArray(depth: depth)
      case UInt8(ascii: "{"): return readObject(depth: depth)
      case UInt8(ascii: "t"): return readLiteral("true", NSNumber(value: true))
      case UInt8(ascii: "f"): return readLiteral("false", NSNumber(value: false))
      case UInt8(ascii: "n"): return readLiteral("null", NSNull())
      default: return readNumber()
      }
    }

    private mutating func readArray(depth: Int) -> [Any]? {
      index += 1
      var items: [Any] = []
      skipSpace()
      if current == UInt8(ascii: "]") {
        index += 1
        return items
      }
      while true {
        skipSpace()
        guard let item = readValue(depth: depth + 1) else { return nil }
        items.append(item)
        skipSpace()
        switch current {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return items
        default: return nil
        }
      }
    }

    private mutating func readObject(depth: Int) -> [String: Any]? {
      index += 1
      var object: [String: Any] = [:]
      skipSpace()
      if current == UInt8(ascii: "}") {
        index += 1
        return object
      }
      while true {
        skipSpace()
        guard current == UInt8(ascii: "\""), let key = readString() else { return nil }
        skipSpace()
        guard current == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        guard let item = readValue(depth: depth + 1) else { return nil }
        object[key] = item
        skipSpace()
        switch current {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return object
        default: return nil
        }
      }
    }

    private mutating func readLiteral(_ word: StaticString, _ value: Any) -> Any? {
      let count = word.utf8CodeUnitCount
      guard index + count <= bytes.count else { return nil }
      for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
      index += count
      return value
    }

    /// A number as JSON writes it: `-`? (`0` | a digit 1–9 and digits) (`.` digits)? (`e` sign? digits)?.
    private mutating func readNumber() -> NSNumber? {
      let start = index
      func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
      if current == UInt8(ascii: "-") { index += 1 }
      guard isDigit(current) else { return nil }
      if current == UInt8(ascii: "0") {
        index += 1
      } else {
        while isDigit(current) { index += 1 }
      }
      var integral = true
      if current == UInt8(ascii: ".") {
        integral = false
        index += 1
        guard isDigit(current) else { return nil }
        while isDigit(current) { index += 1 }
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        integral = false
        index += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        guard isDigit(current) else { return nil }
        while isDigit(current) { index += 1 }
      }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      if integral, let value = Int(text) { return NSNumber(value: value) }
      guard let value = Double(text), value.isFinite else { return nil }
      return NSNumber(value: value)
    }

    /// A string; the runs between escapes are copied whole.
    mutating func readString() -> String? {
      index += 1
      var out: [UInt8] = []
      while true {
        let runStart = index
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
        let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
        guard let byte = current, byte >= 0x20 else { return nil }
        index += 1
        if byte == UInt8(ascii: "\"") {
          if out.isEmpty { return String(validating: run, as: UTF8.self) }
          out.append(contentsOf: run)
          return String(validating: out, as: UTF8.self)
        }
        out.append(contentsOf: run)
        guard let escape = current else { return nil }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          guard var value = readHex() else { return nil }
          if (0xD800...0xDBFF).contains(value) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
              return nil
            }
            index += 2
            guard let low = readHex(), (0xDC00...0xDFFF).contains(low) else { return nil }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(value) else { return nil }
          out.append(contentsOf: String(scalar).utf8)
        default: return nil
        }
      }
    }

    private mutating func readHex() -> UInt32? {
      guard index + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt8
        switch byte {
        case 0x30...0x39: digit = byte - 0x30
        case 0x41...0x46: digit = byte - 0x37
        case 0x61...0x66: digit = byte - 0x57
        default: return nil
        }
        value = value << 4 | UInt32(digit)
        index += 1
      }
      return value
    }
  }
}
