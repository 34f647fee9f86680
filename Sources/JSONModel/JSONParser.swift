/// The JSON text parser: a non-recursive state machine over UTF-8 bytes.
///
/// Open arrays and objects live on explicit stacks, so nesting costs heap
/// memory, never call-stack depth; `maxDepth` bounds how many may be open.
struct JSONParser: ~Copyable {
  /// The whole text.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The most containers that may be open at once.
  let maxDepth: Int
  /// Whether bytes of 0x80 and above must be checked for well-formed UTF-8
  /// (not needed when the text came from a Swift `String`).
  let validatesUTF8: Bool
  /// The offset of the next byte to read.
  var position = 0
  /// Reused storage for strings that contain escapes.
  var scratch = ByteScratch()

  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, validatesUTF8: Bool) {
    self.bytes = bytes
    self.maxDepth = max(0, maxDepth)
    self.validatesUTF8 = validatesUTF8
  }

  /// Parses the whole text as one JSON value surrounded by optional
  /// whitespace.
  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    // The members of all open containers live on two flat stacks (array
    // elements and object members), so each container is allocated once,
    // at its exact size, when it closes. `frames` records, innermost last,
    // whether each open container is an object and where its members start.
    var frames: [(isObject: Bool, start: Int)] = []
    var elements: [JSONValue] = []
    var members: [JSONObject.Member] = []

    readValue: while true {
      var value: JSONValue
      skipWhitespace()
      guard position < bytes.count else { throw unexpectedEnd() }
      switch bytes[position] {
      case UInt8(ascii: "["):
        guard frames.count < maxDepth else { throw tooDeep() }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
          position += 1
          value = .array([])
        } else {
          frames.append((false, elements.count))
          continue readValue
        }
      case UInt8(ascii: "{"):
        guard frames.count < maxDepth else { throw tooDeep() }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
          position += 1
          value = .object(JSONObject())
        } else {
          frames.append((true, members.count))
          members.append(JSONObject.Member(key: try readKey(), value: .null))
          continue readValue
        }
      case UInt8(ascii: "\""):
        value = .string(try readString())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = .number(try readNumber())
      case UInt8(ascii: "t"):
        try readLiteral("true")
        value = .bool(true)
      case UInt8(ascii: "f"):
        try readLiteral("false")
        value = .bool(false)
      case UInt8(ascii: "n"):
        try readLiteral("null")
        value = .null
      default:
        throw unexpectedCharacter(expecting: "a value")
      }

      // `value` is complete: add it to the innermost open container, closing
      // containers for as long as their closing bracket follows.
      while let frame = frames.last {
        skipWhitespace()
        if frame.isObject {
          members[members.count - 1].value = value
          guard position < bytes.count else { throw unexpectedEnd() }
          switch bytes[position] {
          case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            members.append(JSONObject.Member(key: try readKey(), value: .null))
            continue readValue
          case UInt8(ascii: "}"):
            position += 1
            frames.removeLast()
            let filler = JSONObject.Member(key: "", value: .null)
            value = .object(
              JSONObject(members: members.moveSuffix(from: frame.start, filler: filler)))
          default:
            throw unexpectedCharacter(expecting: "\",\" or \"}\"")
          }
        } else {
          elements.append(value)
          guard position < bytes.count else { throw unexpectedEnd() }
          switch bytes[position] {
          case UInt8(ascii: ","):
            position += 1
            continue readValue
          case UInt8(ascii: "]"):
            position += 1
            frames.removeLast()
            value = .array(elements.moveSuffix(from: frame.start, filler: .null))
          default:
            throw unexpectedCharacter(expecting: "\",\" or \"]\"")
          }
        }
      }

      skipWhitespace()
      guard position == bytes.count else {
        if validatesUTF8, bytes[position] >= 0x80, wellFormedSequenceLength(at: position) == nil {
          throw invalidUTF8(at: position)
        }
        throw error("trailing-characters", "Unexpected \(describeCharacter()) after the JSON value")
      }
      return value
    }
  }

  /// Skips JSON whitespace: space, tab, LF and CR only.
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        position += 1
      default:
        return
      }
    }
  }

  /// Reads an object key and the colon after it (whitespace before the key
  /// must already be skipped).
  mutating func readKey() throws(JSONParseError) -> String {
    guard position < bytes.count else { throw unexpectedEnd() }
    guard bytes[position] == UInt8(ascii: "\"") else {
      throw unexpectedCharacter(expecting: "a string key")
    }
    let key = try readString()
    skipWhitespace()
    guard position < bytes.count else { throw unexpectedEnd() }
    guard bytes[position] == UInt8(ascii: ":") else {
      throw unexpectedCharacter(expecting: "\":\"")
    }
    position += 1
    return key
  }

  /// Reads `true`, `false` or `null`, whose first byte is at `position`.
  mutating func readLiteral(_ literal: StaticString) throws(JSONParseError) {
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    for byte in expected {
      guard position < bytes.count else { throw unexpectedEnd() }
      guard bytes[position] == byte else { throw unexpectedCharacter(expecting: "\"\(literal)\"") }
      position += 1
    }
  }
}
