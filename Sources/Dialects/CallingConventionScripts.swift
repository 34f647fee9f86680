import JSONModel

/// The scripts a native side evaluates when the convention makes a
/// delivery a function call (`MSF_JsBridge.nativeCallBackToJs('<id>', value)`,
/// `nativeCallDispatcher('<name>', '<json>')`), and the same scripts read
/// back, so the harness sees the messages they carry.
extension BridgeProfile {
  /// The script that delivers `message` (classic field names) when the
  /// convention makes that delivery a function call, or nil when the
  /// message is delivered as a message. An answer goes to the function its
  /// request named (the convention's function field, carried in the
  /// answer under that name) when that is a function path, else to the
  /// convention's function.
  package func conventionDeliveryScript(for message: JSONObject) -> String? {
    if let responseID = message["responseId"] {
      guard case .functionCall(let function, let field) = convention.answers else { return nil }
      var target = function
      if let field, case .string(let named)? = message[field], CallingConvention.isFunctionPath(named) {
        target = named
      }
      let value = message["responseData"].map(Self.literal) ?? "undefined"
      return "\(target)(\(Self.literal(responseID)), \(value));"
    }
    guard case .functionCall(let function) = convention.nativeCalls else { return nil }
    var script = "\(function)(\(Self.literal(message["handlerName"] ?? .null))"
    if let data = message["data"] {
      script += ", " + (delivery == .object ? Self.literal(data) : Self.literal(.string(data.serialized())))
    }
    return script + ");"
  }

  /// `value` as a JavaScript literal: JSON with U+2028 and U+2029 escaped
  /// (raw, they end a string literal in engines before ES2019) and the
  /// controls JSON leaves raw (U+007F to U+009F) escaped too, as every
  /// delivery script writes them (docs/protocol.md section 5); a value with
  /// a `__proto__` key is built by `JSON.parse`, which keeps it a key.
  static func literal(_ value: JSONValue) -> String {
    let json = escapingRawCharacters(value.serialized())
    guard hasProtoKey(value) else { return json }
    return "JSON.parse(\(escapingRawCharacters(JSONValue.string(value.serialized()).serialized())))"
  }

  /// `text` (JSON, where these characters can only be inside strings) with
  /// U+007F to U+009F, U+2028 and U+2029 written as `\uXXXX` escapes.
  private static func escapingRawCharacters(_ text: String) -> String {
    var escaped = ""
    escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x7F...0x9F, 0x2028, 0x2029:
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static func hasProtoKey(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let object): return object.keys.contains("__proto__") || object.values.contains(where: hasProtoKey)
    case .array(let elements): return elements.contains(where: hasProtoKey)
    default: return false
    }
  }

  // MARK: - Reading them back

  /// The message (classic field names) a function-call delivery script
  /// carries: an answer `{responseId, responseData?}` or a request
  /// `{handlerName, data?}`; nil when `script` is neither.
  func decodeConventionDelivery(_ script: String) -> JSONObject? {
    if case .functionCall(let function) = convention.nativeCalls,
      let call = Self.arguments(of: script, calling: [function]), call.count == 1 || call.count == 2,
      case .string(let name)? = call[0]
    {
      var message: JSONObject = ["handlerName": .string(name)]
      if call.count == 2, let data = call[1] {
        if delivery == .object {
          message["data"] = data
        } else {
          guard case .string(let text) = data, let parsed = try? JSONValue.parse(text) else { return nil }
          message["data"] = parsed
        }
      }
      return message
    }
    if case .functionCall(let function, let field) = convention.answers,
      let answer = Self.arguments(of: script, calling: field == nil ? [function] : nil),
      answer.count == 1 || answer.count == 2, let id = answer[0]
    {
      var message: JSONObject = ["responseId": id]
      if answer.count == 2, let value = answer[1] { message["responseData"] = value }
      return message
    }
    return nil
  }

  /// The arguments of `script` when it is one call `path(a, b…);` of one of
  /// `functions` (any function path when nil), each a JSON value, a string
  /// literal, `JSON.parse('…')` or `undefined` (nil); nil otherwise.
  static func arguments(of script: String, calling functions: [String]?) -> [JSONValue?]? {
    var body = Substring(script)
    while let last = body.last, last == ";" || last == " " || last == "\n" { body = body.dropLast() }
    guard body.last == ")", let open = body.firstIndex(of: "(") else { return nil }
    let path = String(body[..<open])
    guard CallingConvention.isFunctionPath(path) else { return nil }
    if let functions {
      let bare = { (text: String) in text.hasPrefix("window.") ? String(text.dropFirst("window.".count)) : text }
      guard functions.map(bare).contains(bare(path)) else { return nil }
    }
    var rest = body[body.index(after: open)..<body.index(before: body.endIndex)]
    var values: [JSONValue?] = []
    while true {
      rest = rest.drop { $0 == " " }
      guard !rest.isEmpty else { break }
      guard let (value, after) = leadingArgument(rest) else { return nil }
      values.append(value)
      rest = after.drop { $0 == " " }
      if rest.isEmpty { break }
      guard rest.first == "," else { return nil }
      rest = rest.dropFirst()
    }
    return values
  }

  /// One argument at the start of `text`, and the text after it.
  private static func leadingArgument(_ text: Substring) -> (JSONValue?, Substring)? {
    if text.hasPrefix("undefined") { return (nil, text.dropFirst("undefined".count)) }
    if text.hasPrefix("JSON.parse(") {
      let inner = text.dropFirst("JSON.parse(".count)
      guard let end = literalEnd(inner), inner[end...].hasPrefix(")"),
        let string = JavaScriptLiteral.unescape(inner[..<end]), let value = try? JSONValue.parse(string)
      else { return nil }
      return (value, inner[end...].dropFirst())
    }
    if let first = text.first, first == "'" || first == "\"" {
      guard let end = literalEnd(text), let string = JavaScriptLiteral.unescape(text[..<end]) else { return nil }
      return (.string(string), text[end...])
    }
    // A JSON value: the longest prefix up to a top-level comma that parses.
    var depth = 0
    var inString = false
    var escaped = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "{" || character == "[" {
        depth += 1
      } else if character == "}" || character == "]" {
        depth -= 1
      } else if character == "," && depth == 0 {
        break
      }
      index = text.index(after: index)
    }
    guard let value = try? JSONValue.parse(String(text[..<index])) else { return nil }
    return (value, text[index...])
  }

  /// The index just after the string literal that starts `text`.
  private static func literalEnd(_ text: Substring) -> Substring.Index? {
    guard let quote = text.first, quote == "'" || quote == "\"" else { return nil }
    var index = text.index(after: text.startIndex)
    var escaped = false
    while index < text.endIndex {
      let character = text[index]
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == quote {
        return text.index(after: index)
      }
      index = text.index(after: index)
    }
    return nil
  }
}

extension BridgeProfile {
  /// The script delivering `raw` (a fixture's `wire.toPage` text, classic
  /// names) when the convention makes that delivery a function call; nil
  /// when it is delivered as a message (or `raw` is not a JSON object).
  package func conventionDeliveryScript(forRaw raw: String) -> String? {
    guard convention != .classic, case .object(let message)? = try? JSONValue.parse(raw) else { return nil }
    return conventionDeliveryScript(for: message)
  }
}
