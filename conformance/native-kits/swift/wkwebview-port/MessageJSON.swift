import Foundation

/// The JSON text of a message the bridge sends: the Foundation values a WKWebView bridge holds
/// (`String`, `NSNumber`, `NSNull`, `[Any]`, `[String: Any]`), keys sorted, as
/// `JSONSerialization.data(withJSONObject:options: [.sortedKeys])` writes them.
///
/// Written by hand because Linux's `JSONSerialization` first converts every Swift collection into
/// its `NSDictionary`/`NSArray` counterpart and appends a string's characters one by one: for a
/// megabyte payload that costs many times what the whole round trip through the kit costs.
enum MessageJSON {
  /// The JSON text of `value`; nil when it holds something JSON has no form for (another type, a
  /// number that is not finite), where `JSONSerialization` throws.
  static func text(_ value: Any) -> String? {
    var out: [UInt8] = []
    guard write(value, into: &out) else { return nil }
    return String(decoding: out, as: UTF8.self)
  }

  private static func write(_ value: Any, into out: inout [UInt8]) -> Bool {
    // Swift's own types first: on Linux a cast of a `String`, an `Array` or a `Dictionary` to a
    // class (`is NSNull`, `as? NSNumber`) converts it to its Foundation counterpart, contents and
    // all, to look at the class.
    switch value {
    case let text as String:
      writeString(text, into: &out)
    case let items as [Any]:
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        guard write(item, into: &out) else { return false }
      }
      out.append(UInt8(ascii: "]"))
    case let object as [String: Any]:
      out.append(UInt8(ascii: "{"))
      for (index, key) in object.keys.sorted().enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        writeString(key, into: &out)
        out.append(UInt8(ascii: ":"))
        guard write(object[key]!, into: &out) else { return false }
      }
      out.append(UInt8(ascii: "}"))
    case is NSNull:
      out.append(contentsOf: "null".utf8)
    case let number as NSNumber:
      return writeNumber(number, into: &out)
    default:
      return false
    }
    return true
  }

  private static func writeNumber(_ number: NSNumber, into out: inout [UInt8]) -> Bool {
    if String(describing: type(of: number)).contains("Boolean") {
      out.append(contentsOf: (number.boolValue ? "true" : "false").utf8)
      return true
    }
    // Linux's JSONSerialization parses a number with a fraction or an exponent into an
    // NSDecimalNumber, whose text is exact (its doubleValue can be off in the last digit).
    let value = number is NSDecimalNumber ? Double(number.description) ?? number.doubleValue : number.doubleValue
    guard value.isFinite else { return false }
    if value == value.rounded(.towardZero), abs(value) < 1e15 {
      out.append(contentsOf: String(Int64(value)).utf8)
    } else {
      out.append(contentsOf: "\(value)".utf8)
    }
    return true
  }

  private static func writeString(_ text: String, into out: inout [UInt8]) {
    var text = text
    out.append(UInt8(ascii: "\""))
    text.withUTF8 { utf8 in
      func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }
      let end = utf8.count
      var index = 0
      while index < end {
        // The run up to the next byte that needs an escape, copied whole.
        let runStart = index
        while index < end, utf8[index] >= 0x20, utf8[index] != UInt8(ascii: "\""), utf8[index] != UInt8(ascii: "\\") {
          index += 1
        }
        if index > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        guard index < end else { break }
        let byte = utf8[index]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
          out.append(UInt8(ascii: "\\"))
          out.append(byte)
        case UInt8(ascii: "\n"):
          out.append(UInt8(ascii: "\\"))
          out.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"):
          out.append(UInt8(ascii: "\\"))
          out.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"):
          out.append(UInt8(ascii: "\\"))
          out.append(UInt8(ascii: "t"))
        default:
          out.append(contentsOf: "\\u00".utf8)
          out.append(hexDigit(byte >> 4))
          out.append(hexDigit(byte & 0xF))
        }
        index += 1
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
