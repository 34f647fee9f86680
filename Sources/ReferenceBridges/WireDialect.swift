import JSONModel

/// The names of the five message fields.
public struct MessageFieldNames: Sendable, Hashable {
  /// Classic `handlerName`.
  public var handlerName: String
  /// Classic `data`.
  public var data: String
  /// Classic `callbackId`.
  public var callbackId: String
  /// Classic `responseId`.
  public var responseId: String
  /// Classic `responseData`.
  public var responseData: String

  /// Creates field names; every parameter defaults to classic WVJB.
  public init(
    handlerName: String = "handlerName", data: String = "data", callbackId: String = "callbackId",
    responseId: String = "responseId", responseData: String = "responseData"
  ) {
    self.handlerName = handlerName
    self.data = data
    self.callbackId = callbackId
    self.responseId = responseId
    self.responseData = responseData
  }

  /// Classic WVJB field names.
  public static let classic = MessageFieldNames()

  /// The five names in a fixed order: handlerName, data, callbackId,
  /// responseId, responseData.
  public var all: [String] { [handlerName, data, callbackId, responseId, responseData] }

  /// Builds names from a partial map of classic name → dialect name;
  /// returns nil when a key is not a classic field name.
  public init?(renaming map: [String: String]) {
    var names = MessageFieldNames.classic
    for (classic, renamed) in map {
      switch classic {
      case "handlerName": names.handlerName = renamed
      case "data": names.data = renamed
      case "callbackId": names.callbackId = renamed
      case "responseId": names.responseId = renamed
      case "responseData": names.responseData = renamed
      default: return nil
      }
    }
    self = names
  }
}

/// What a bridge dialect calls things on the wire, as the native side must
/// speak it: the page global and its two entry points, the hosts of the two
/// signal URLs, and the message field names. The reference native bridge
/// works with classic names inside and translates at the boundary.
///
/// Classic WVJB: `WebViewJavascriptBridge._fetchQueue()`,
/// `WebViewJavascriptBridge._handleMessageFromObjC('…')`,
/// `__wvjb_queue_message__`, `__bridge_loaded__`, and
/// `handlerName`/`data`/`callbackId`/`responseId`/`responseData`.
public struct WireDialect: Sendable, Hashable {
  /// The page global holding the bridge.
  public var globalName: String
  /// The page function returning and emptying the queue.
  public var fetchQueueFunction: String
  /// The page function receiving one native message.
  public var handleMessageFunction: String
  /// The host (lower case) of the URL that signals queued messages.
  public var queueMessageHost: String
  /// The host (lower case) of the URL that asks for (or announces) injection.
  public var bridgeLoadedHost: String
  /// The message field names.
  public var fields: MessageFieldNames

  /// Creates a dialect; every parameter defaults to classic WVJB.
  public init(
    globalName: String = "WebViewJavascriptBridge", fetchQueueFunction: String = "_fetchQueue",
    handleMessageFunction: String = "_handleMessageFromObjC", queueMessageHost: String = BridgeURL.queueMessageHost,
    bridgeLoadedHost: String = BridgeURL.bridgeLoadedHost, fields: MessageFieldNames = .classic
  ) {
    self.globalName = globalName
    self.fetchQueueFunction = fetchQueueFunction
    self.handleMessageFunction = handleMessageFunction
    self.queueMessageHost = queueMessageHost.lowercased()
    self.bridgeLoadedHost = bridgeLoadedHost.lowercased()
    self.fields = fields
  }

  /// Classic WebViewJavascriptBridge.
  public static let classic = WireDialect()

  /// The script that fetches the page's queue.
  public var fetchQueueScript: String { "\(globalName).\(fetchQueueFunction)();" }

  /// What a delivery script starts with, before the escaped JSON.
  var deliveryPrefix: String { "\(globalName).\(handleMessageFunction)('" }

  var hasClassicHosts: Bool {
    queueMessageHost == BridgeURL.queueMessageHost && bridgeLoadedHost == BridgeURL.bridgeLoadedHost
  }

  /// `message`, written with classic field names, renamed for the wire.
  public func toWire(_ message: JSONObject) -> JSONObject {
    guard fields != .classic else { return message }
    let classic = MessageFieldNames.classic.all
    let renamed = fields.all
    var wire = JSONObject()
    for (key, value) in message {
      let index = classic.firstIndex(of: key)
      wire[index.map { renamed[$0] } ?? key] = value
    }
    return wire
  }

  /// `message` as it came over the wire, with classic field names. A
  /// classic name that this dialect renames is not one of its fields, so it
  /// is dropped rather than read as that field.
  public func fromWire(_ message: JSONObject) -> JSONObject {
    guard fields != .classic else { return message }
    let classic = MessageFieldNames.classic.all
    let renamed = fields.all
    var result = JSONObject()
    for (key, value) in message {
      if let index = renamed.firstIndex(of: key) {
        result[classic[index]] = value
      } else if !classic.contains(key) {
        result[key] = value
      }
    }
    return result
  }
}

extension BridgeURL {
  /// Classifies `url` for a bridge of `dialect`: with the classic hosts,
  /// exactly ``init(_:faults:)``; with others, the same rules (scheme
  /// `https` or `wvjbscheme`, host compared lower-cased) on the dialect's
  /// hosts.
  init(_ url: String, dialect: WireDialect, faults: Set<NativeBridgeFault>) {
    guard !dialect.hasClassicHosts else {
      self.init(url, faults: faults)
      return
    }
    guard let (scheme, host) = Self.schemeAndHost(of: url), scheme == "https" || scheme == Self.legacyScheme else {
      self = .notBridge
      return
    }
    switch host {
    case dialect.queueMessageHost: self = .queueMessage
    case dialect.bridgeLoadedHost: self = .bridgeLoaded
    default: self = scheme == Self.legacyScheme ? .unknown : .notBridge
    }
  }
}
