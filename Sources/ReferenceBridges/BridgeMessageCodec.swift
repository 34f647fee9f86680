import JSONModel

/// The messages of the WVJB wire protocol, as the native side writes and
/// reads them.
public enum BridgeMessageCodec {
  /// A request: `{"handlerName", "data"?, "callbackId"?}` in that key order.
  /// `data == nil` writes no `data` key (the page handler sees `undefined`).
  public static func request(handlerName: String, data: JSONValue?, callbackID: String?) -> JSONObject {
    var message: JSONObject = ["handlerName": .string(handlerName)]
    if let data { message["data"] = data }
    if let callbackID { message["callbackId"] = .string(callbackID) }
    return message
  }

  /// A response: `{"responseId", "responseData"}`. The id is echoed with
  /// its exact JSON type; a nil answer is written as `"responseData": null`.
  public static func response(responseID: JSONValue, responseData: JSONValue?) -> JSONObject {
    ["responseId": responseID, "responseData": responseData ?? .null]
  }

  /// The answer to a request for a missing handler:
  /// `{"error": "no-handler", "handlerName": name}` (the name omitted when
  /// the request had none; echoed with its JSON type otherwise).
  public static func noHandlerAnswer(handlerName: JSONValue?) -> JSONValue {
    var answer: JSONObject = ["error": "no-handler"]
    if let handlerName { answer["handlerName"] = handlerName }
    return .object(answer)
  }

  /// The script that delivers one message to the page:
  /// `WebViewJavascriptBridge._handleMessageFromObjC('<escaped JSON>');`.
  public static func deliveryScript(for message: JSONObject) -> String {
    deliveryScript(forJSON: JSONValue.object(message).serializedUTF8())
  }

  /// The delivery script for JSON text given as UTF-8 bytes.
  public static func deliveryScript(forJSON utf8: [UInt8]) -> String {
    utf8.withUnsafeBufferPointer { body in
      JavaScriptStringEscaping.makeString(prefix: deliveryPrefix, body: body, suffix: deliverySuffix)
    }
  }

  /// The script that fetches the page's queue.
  public static let fetchQueueScript = "WebViewJavascriptBridge._fetchQueue();"

  private static let deliveryPrefix = Array("WebViewJavascriptBridge._handleMessageFromObjC('".utf8)
  private static let deliverySuffix = Array("');".utf8)

  /// One entry of a fetched batch, classified.
  public enum Incoming: Sendable, Hashable {
    /// A response (the `responseId` key is present, whatever its value).
    case response(responseID: JSONValue, responseData: JSONValue?)
    /// A request (`handlerName` as sent, any JSON type or absent).
    case request(handlerName: JSONValue?, data: JSONValue?, callbackID: JSONValue?)
  }

  /// Classifies a batch entry that is a JSON object. Response by PRESENCE
  /// of `responseId` ("" and 0 are ids, not absences).
  public static func classify(_ message: JSONObject) -> Incoming {
    if let responseID = message["responseId"] {
      return .response(responseID: responseID, responseData: message["responseData"])
    }
    return .request(handlerName: message["handlerName"], data: message["data"], callbackID: message["callbackId"])
  }
}
