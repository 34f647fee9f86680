import JSONModel

/// The translation of page-to-native requests under a ``CallingConvention``:
/// a handler name split into several members, a callback id inside the
/// data, a handler name carried in the signal URL. Messages here are wire
/// messages (the dialect's field names); ``BridgeProfile/toWire(_:)`` and
/// ``BridgeProfile/fromWire(_:)`` apply this after and before renaming.
extension BridgeProfile {
  /// `wire` (renamed) laid out as the convention says: the handler name
  /// split, the answer function named in a request with a callback id (as
  /// the dialect's page names it), the callback id moved into the data
  /// object. Responses and messages whose members do not fit (a non-string
  /// name, non-object data) are left as they are.
  func conventionLayout(_ wire: JSONObject) -> JSONObject {
    guard convention != .classic, wire[fields.responseId] == nil else { return wire }
    var message = wire
    if case .split(let members, let separator) = convention.handlerName,
      case .string(let name)? = message[fields.handlerName]
    {
      message[fields.handlerName] = nil
      let parts = Self.split(name, separator: separator, into: members.count)
      let missing = members.count - parts.count
      for (index, member) in members.enumerated() where index >= missing {
        message[member] = .string(parts[index - missing])
      }
    }
    if case .functionCall(let function, let field?) = convention.answers, message[fields.callbackId] != nil,
      message[field] == nil
    {
      message[field] = .string(function)
    }
    if convention.callbackId == .data, let id = message[fields.callbackId] {
      var data: JSONObject
      switch message[fields.data] {
      case nil: data = JSONObject()
      case .object(let object)?: data = object
      default: return message
      }
      data[fields.callbackId] = id
      message[fields.callbackId] = nil
      message[fields.data] = .object(data)
    }
    return message
  }

  /// The reverse of ``conventionLayout(_:)``: split members joined into the
  /// handler name, a callback id taken out of the data object, and the
  /// answer function dropped when it is the profile's own (the one an
  /// answer goes to anyway; another one stays, for the answer to use).
  func conventionUnlayout(_ wire: JSONObject) -> JSONObject {
    guard convention != .classic else { return wire }
    var message = wire
    if case .functionCall(let function, let field?) = convention.answers, message[fields.responseId] == nil,
      message[field] == .string(function)
    {
      message[field] = nil
    }
    if case .split(let members, let separator) = convention.handlerName, message[fields.handlerName] == nil {
      let parts = members.compactMap { message[$0]?.stringValue }
      if !parts.isEmpty, parts.count == members.filter({ message[$0] != nil }).count {
        for member in members { message[member] = nil }
        message[fields.handlerName] = .string(parts.joined(separator: separator))
      }
    }
    if convention.callbackId == .data, message[fields.callbackId] == nil,
      case .object(var data)? = message[fields.data],
      let id = data[fields.callbackId]
    {
      data[fields.callbackId] = nil
      message[fields.callbackId] = id
      message[fields.data] = .object(data)
    }
    return message
  }

  /// `name` split at the first `count - 1` separators; a name with fewer
  /// has only its last parts (`action` alone).
  static func split(_ name: String, separator: String, into count: Int) -> [String] {
    var parts: [String] = []
    var rest = Substring(name)
    while parts.count < count - 1, let range = rest.range(of: separator) {
      parts.append(String(rest[..<range.lowerBound]))
      rest = rest[range.upperBound...]
    }
    parts.append(String(rest))
    return parts
  }

  // MARK: - The handler name in the signal URL

  /// The separator after the handler name in the signal URL, when the
  /// convention carries the name there.
  var urlPathSeparator: String? {
    if case .urlPath(let separator) = convention.handlerName { return separator }
    return nil
  }

  /// A signal URL's tail (`<encoded name><separator><encoded data>`) as the
  /// JSON text of an array of one wire message, or nil when it is not one.
  ///
  /// The tail is read as a web view hands it over, not as the page wrote
  /// it: in `mushao://first://…` the name is the URL's host and `:` starts
  /// an empty port, which the URL parser drops (WebKit reports
  /// `mushao://first//…`), so a separator that starts with `:` is also
  /// found without it (as the native code of the published bridge does,
  /// splitting at `//`).
  func urlPathQueueText(_ transit: String, separator: String) -> String? {
    let range =
      transit.range(of: separator)
      ?? (separator.hasPrefix(":") && separator.count > 1 ? transit.range(of: String(separator.dropFirst())) : nil)
    guard let range, let name = transit[..<range.lowerBound].removingPercentEncoding else { return nil }
    var payload = String(transit[range.upperBound...])
    var message: JSONObject = [fields.handlerName: .string(name)]
    if !payload.isEmpty {
      if encoding == .uriJSON {
        guard let decoded = payload.removingPercentEncoding else { return nil }
        payload = decoded
      }
      guard let data = try? JSONValue.parse(payload) else { return nil }
      message[fields.data] = data
    }
    return JSONValue.array([.object(message)]).serialized()
  }

  /// The URL tail that carries one wire message whose handler name goes in
  /// the URL, or nil when it has no string handler name.
  func urlPathTransit(of wire: JSONObject, separator: String) -> String? {
    guard case .string(let name)? = wire[fields.handlerName] else { return nil }
    var tail = Self.encodeURIComponent(name) + separator
    if let data = wire[fields.data] {
      let text = data.serialized()
      tail += encoding == .uriJSON ? Self.encodeURIComponent(text) : text
    }
    return tail
  }
}
