import JSONModel

/// Reading back what a native side delivered to the page: the harness sees
/// the delivery scripts a native side evaluates and, to let fixtures bind
/// to the ids a native side actually issued, reads each message out of
/// them in the dialect's terms.
extension BridgeProfile {
  /// The message (classic field names) a delivery script carries, or nil
  /// when `script` is not one delivery to this dialect's entry point.
  package func decodeDelivery(_ script: String) -> JSONObject? {
    if convention != .classic, let message = decodeConventionDelivery(script) { return message }
    var body = Substring(script)
    if body.hasPrefix("window.") { body = body.dropFirst("window.".count) }
    let entry = "\(names.global).\(names.handleMessage)("
    guard body.hasPrefix(entry) else { return nil }
    body = body.dropFirst(entry.count)
    while let last = body.last, last == ";" || last == " " || last == "\n" { body = body.dropLast() }
    guard body.last == ")" else { return nil }
    body = body.dropLast()
    var text: String
    if body.hasPrefix("JSON.parse(") && body.hasSuffix(")") {
      body = body.dropFirst("JSON.parse(".count).dropLast()
    }
    if let first = body.first, first == "'" || first == "\"" {
      guard let unescaped = JavaScriptLiteral.unescape(body) else { return nil }
      text = unescaped
      if delivery == .uriJSONString {
        guard let decoded = text.removingPercentEncoding else { return nil }
        text = decoded
      }
    } else {
      text = String(body)
    }
    guard case .object(let message)? = try? JSONValue.parse(text) else { return nil }
    return fromWire(message)
  }
}

/// JavaScript string literals, read back.
package enum JavaScriptLiteral {
  /// The value of a single- or double-quoted literal (the whole of
  /// `literal`), or nil when it is not exactly one literal.
  package static func unescape(_ literal: Substring) -> String? {
    let scalars = Array(literal.unicodeScalars)
    guard let quote = scalars.first, quote == "'" || quote == "\"", scalars.count >= 2, scalars.last == quote else {
      return nil
    }
    var units: [UInt16] = []
    var index = 1
    let end = scalars.count - 1
    func hex(_ count: Int) -> UInt32? {
      guard index + count <= end else { return nil }
      let digits = String(String.UnicodeScalarView(scalars[index..<(index + count)]))
      index += count
      return UInt32(digits, radix: 16)
    }
    while index < end {
      let scalar = scalars[index]
      index += 1
      if scalar == quote { return nil }
      guard scalar == "\\" else {
        units.append(contentsOf: String(scalar).utf16)
        continue
      }
      guard index < end else { return nil }
      let escaped = scalars[index]
      index += 1
      switch escaped {
      case "n": units.append(0x0A)
      case "r": units.append(0x0D)
      case "t": units.append(0x09)
      case "b": units.append(0x08)
      case "f": units.append(0x0C)
      case "v": units.append(0x0B)
      case "0": units.append(0)
      case "\n": break
      case "x":
        guard let value = hex(2) else { return nil }
        units.append(UInt16(value))
      case "u":
        if index < end && scalars[index] == "{" {
          guard let close = scalars[index...].firstIndex(of: "}"),
            let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 1)..<close])), radix: 16),
            let code = Unicode.Scalar(value)
          else { return nil }
          index = close + 1
          units.append(contentsOf: String(code).utf16)
        } else {
          guard let value = hex(4) else { return nil }
          units.append(UInt16(value))
        }
      default: units.append(contentsOf: String(escaped).utf16)
      }
    }
    return String(decoding: units, as: UTF16.self)
  }
}
