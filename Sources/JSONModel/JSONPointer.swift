/// A JSON Pointer (RFC 6901): a path of reference tokens from the root of a
/// JSON value, rendered like `/steps/3/expect`.
///
/// Tokens are stored unescaped; ``description`` escapes `~` as `~0` and `/`
/// as `~1`. The root pointer has no tokens and renders as `""`. Array
/// indexes are tokens too (`"3"`): whether a token names a member or an
/// element depends on the value it is applied to.
///
/// Like object keys, tokens compare by exact Unicode scalars (no canonical
/// equivalence).
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The unescaped reference tokens, outermost first.
  public var tokens: [String]

  /// Whether both pointers have the same tokens, scalar for scalar.
  public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.tokens.count == rhs.tokens.count && zip(lhs.tokens, rhs.tokens).allSatisfy(ExactKey.equal)
  }

  /// Hashes the tokens consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(tokens.count)
    for token in tokens {
      ExactKey.hash(token, into: &hasher)
    }
  }

  /// Creates a pointer from unescaped tokens.
  public init(tokens: [String]) {
    self.tokens = tokens
  }

  /// The pointer to the whole document.
  public static let root = JSONPointer(tokens: [])

  /// Whether this is the root pointer.
  public var isRoot: Bool {
    tokens.isEmpty
  }

  /// This pointer extended by an object key (given unescaped).
  public func appending(_ key: String) -> JSONPointer {
    JSONPointer(tokens: tokens + [key])
  }

  /// This pointer extended by an array index.
  public func appending(_ index: Int) -> JSONPointer {
    JSONPointer(tokens: tokens + [String(index)])
  }

  /// The pointer to the parent value, or `nil` for the root.
  public var parent: JSONPointer? {
    tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
  }

  /// Parses the string form of a pointer: `""` for the root, otherwise
  /// tokens each preceded by `/`, with `~0` for `~` and `~1` for `/`. The
  /// URI fragment form (`#/a`) is not accepted.
  ///
  /// - Throws: ``JSONPointerError`` if the text does not start with `/` or
  ///   contains `~` not followed by `0` or `1`.
  public init(parsing text: String) throws(JSONPointerError) {
    guard !text.isEmpty else {
      self.init(tokens: [])
      return
    }
    guard text.utf8.first == UInt8(ascii: "/") else {
      throw JSONPointerError(
        message: "A JSON pointer must be empty or start with \"/\"", text: text)
    }
    var tokens: [String] = []
    for raw in text.utf8.dropFirst().split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    {
      var token: [UInt8] = []
      var iterator = raw.makeIterator()
      while let byte = iterator.next() {
        guard byte == UInt8(ascii: "~") else {
          token.append(byte)
          continue
        }
        switch iterator.next() {
        case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
        case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
        default:
          throw JSONPointerError(
            message: "\"~\" must be followed by \"0\" or \"1\" in a JSON pointer", text: text)
        }
      }
      tokens.append(String(decoding: token, as: UTF8.self))
    }
    self.init(tokens: tokens)
  }

  /// The RFC 6901 string form: `""` for the root, else `/`-prefixed tokens
  /// with `~` written `~0` and `/` written `~1`.
  public var description: String {
    var result: [UInt8] = []
    for token in tokens {
      result.append(UInt8(ascii: "/"))
      // Byte-wise: "~" and "/" never occur inside a multi-byte sequence.
      for byte in token.utf8 {
        switch byte {
        case UInt8(ascii: "~"): result.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
        case UInt8(ascii: "/"): result.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
        default: result.append(byte)
        }
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}

/// Why a string is not a valid JSON pointer.
public struct JSONPointerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A human-readable sentence describing the problem.
  public var message: String
  /// The rejected text.
  public var text: String

  /// Creates an error for `text`.
  public init(message: String, text: String) {
    self.message = message
    self.text = text
  }

  /// The message followed by the rejected text.
  public var description: String {
    "\(message): \"\(text)\""
  }
}
