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
    output.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { bytes in
      var runStart = 0
      for index in bytes.indices {
        let byte = bytes[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        writeEscape(for: byte)
        runStart = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Writes the escape sequence for a quote, backslash or control byte.
  mutating func writeEscape(for byte: UInt8) {
    output.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
    case 0x08: output.append(UInt8(ascii: "b"))
    case 0x0C: output.append(UInt8(ascii: "f"))
    case 0x0A: output.append(UInt8(ascii: "n"))
    case 0x0D: output.append(UInt8(ascii: "r"))
    case 0x09: output.append(UInt8(ascii: "t"))
    default:
      let hexDigits: StaticString = "0123456789abcdef"
      append("u00")
      output.append(hexDigits.utf8Start[Int(byte >> 4)])
      output.append(hexDigits.utf8Start[Int(byte & 0xF)])
    }
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
