/// Serializes JSON values to UTF-8 bytes the way ECMAScript
/// `JSON.stringify` does, without recursion.
struct JSONWriter {
  /// The output so far.
  var output: [UInt8] = []
  /// Whether to lay out like `JSON.stringify(value, null, 2)`.
  let pretty: Bool
  /// Whether to write object members in key order instead of insertion
  /// order.
  let sortedKeys: Bool

  /// An array or object whose members are being written.
  private struct Frame {
    var elements: [JSONValue] = []
    var members: [JSONObject.Member] = []
    let isObject: Bool
    var next = 0

    var count: Int { isObject ? members.count : elements.count }
  }

  init(pretty: Bool, sortedKeys: Bool) {
    self.pretty = pretty
    self.sortedKeys = sortedKeys
  }

  /// Appends the serialization of `root`.
  mutating func write(_ root: JSONValue) {
    var stack: [Frame] = []
    var value = root
    nextValue: while true {
      switch value {
      case .array(let elements) where !elements.isEmpty:
        output.append(UInt8(ascii: "["))
        stack.append(Frame(elements: elements, isObject: false))
      case .object(let object) where !object.isEmpty:
        output.append(UInt8(ascii: "{"))
        let members = sortedKeys ? JSONWriter.sortedMembers(of: object) : object.members
        stack.append(Frame(members: members, isObject: true))
      default:
        writeLeaf(value)
      }

      while !stack.isEmpty {
        let top = stack.count - 1
        let index = stack[top].next
        if index < stack[top].count {
          if index > 0 { output.append(UInt8(ascii: ",")) }
          if pretty { newline(indent: stack.count) }
          if stack[top].isObject {
            let member = stack[top].members[index]
            writeString(member.key)
            output.append(UInt8(ascii: ":"))
            if pretty { output.append(UInt8(ascii: " ")) }
            value = member.value
          } else {
            value = stack[top].elements[index]
          }
          stack[top].next = index + 1
          continue nextValue
        }
        if pretty { newline(indent: top) }
        output.append(stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        stack.removeLast()
      }
      return
    }
  }

  /// Writes a scalar or an empty container.
  mutating func writeLeaf(_ value: JSONValue) {
    switch value {
    case .null:
      append("null")
    case .bool(let flag):
      append(flag ? "true" : "false")
    case .number(let number):
      if number.isFinite {
        output.append(contentsOf: formatJSNumber(number).utf8)
      } else {
        append("null")
      }
    case .string(let string):
      writeString(string)
    case .array:
      append("[]")
    case .object:
      append("{}")
    }
  }

  /// Writes a quoted string: `"` and `\` escaped, `\b \f \n \r \t` for
  /// those controls, `\u00xx` (lowercase hex) for other controls, and
  /// everything else (U+2028, U+2029, non-ASCII) raw.
  mutating func writeString(_ string: String) {
    var string = string
    string.withUTF8 { bytes in
      guard let base = bytes.baseAddress else {
        append("\"\"")
        return
      }
      let count = bytes.count
      let firstSpecial = JSONStringScan.endOfPlainRun(in: base, from: 0, to: count, stopsAtNonASCII: false)
      output.append(UInt8(ascii: "\""))
      guard firstSpecial < count else {
        output.append(contentsOf: bytes)
        output.append(UInt8(ascii: "\""))
        return
      }
      // Two passes: the escaped length first, then every byte written in
      // place, so an escape costs a table look-up instead of an append.
      var length = count
      var index = firstSpecial
      while index < count {
        length &+= Int(Self.escapeExtraLength[Int(base[index])])
        index &+= 1
        index = JSONStringScan.endOfPlainRun(in: base, from: index, to: count, stopsAtNonASCII: false)
      }
      let start = output.count
      output.append(contentsOf: repeatElement(0, count: length))
      output.withUnsafeMutableBufferPointer { buffer in
        let target = buffer.baseAddress! + start
        target.update(from: base, count: firstSpecial)
        var written = firstSpecial
        var read = firstSpecial
        while read < count {
          let byte = base[read]
          written = Self.writeEscape(for: byte, to: target, at: written)
          read &+= 1
          let runEnd = JSONStringScan.endOfPlainRun(in: base, from: read, to: count, stopsAtNonASCII: false)
          (target + written).update(from: base + read, count: runEnd - read)
          written &+= runEnd - read
          read = runEnd
        }
      }
      output.append(UInt8(ascii: "\""))
    }
  }

  /// How many bytes longer than itself each byte is once escaped in a JSON
  /// string: 1 for `"`, `\` and the controls with a short escape, 5 for the
  /// other controls (`\u00xx`), 0 for the rest.
  private static let escapeExtraLength: [UInt8] = (0..<256).map { byte in
    switch byte {
    case 0x22, 0x5C, 0x08, 0x0C, 0x0A, 0x0D, 0x09: 1
    case 0..<0x20: 5
    default: 0
    }
  }

  /// Writes the escape sequence for a quote, backslash or control byte at
  /// `position` of `target`; returns the position after it.
  @inline(__always)
  private static func writeEscape(for byte: UInt8, to target: UnsafeMutablePointer<UInt8>, at position: Int) -> Int {
    target[position] = UInt8(ascii: "\\")
    let short: UInt8
    switch byte {
    case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
    case 0x08: short = UInt8(ascii: "b")
    case 0x0C: short = UInt8(ascii: "f")
    case 0x0A: short = UInt8(ascii: "n")
    case 0x0D: short = UInt8(ascii: "r")
    case 0x09: short = UInt8(ascii: "t")
    default:
      let hexDigits: StaticString = "0123456789abcdef"
      target[position + 1] = UInt8(ascii: "u")
      target[position + 2] = UInt8(ascii: "0")
      target[position + 3] = UInt8(ascii: "0")
      target[position + 4] = hexDigits.utf8Start[Int(byte >> 4)]
      target[position + 5] = hexDigits.utf8Start[Int(byte & 0xF)]
      return position + 6
    }
    target[position + 1] = short
    return position + 2
  }

  /// Writes a line break and two spaces per level.
  mutating func newline(indent level: Int) {
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
  }

  /// Writes ASCII text.
  mutating func append(_ text: StaticString) {
    output.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The members of `object` ordered by key, comparing UTF-16 code units
  /// like JavaScript's default `Array.prototype.sort`.
  static func sortedMembers(of object: JSONObject) -> [JSONObject.Member] {
    object.members.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
  }
}
