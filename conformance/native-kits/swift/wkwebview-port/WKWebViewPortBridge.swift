import Foundation
import WebKit

/// A native bridge in the `wkwebview-port` dialect (Lision/WKWebViewJavascriptBridge's wire format),
/// written for bridgecheck against WebKit's API, as an iOS app's bridge is.
///
/// The page posts to the script message handler `iOS_Native_InjectJavascript` to ask for the page
/// bridge, and to `iOS_Native_FlushMessageQueue` when its queue holds messages; the bridge then
/// evaluates `WKWebViewJavascriptBridge._fetchQueue();` and reads the JSON array string it returns.
/// Messages reach the page as `WKWebViewJavascriptBridge._handleMessageFromiOS('<json>');`, with ids
/// spelled `callbackID` and `responseID`. Messages sent before the injection wait in a start-up queue,
/// sent from the completion handler of the injection's evaluation (kept when it fails).
///
/// Correct where the port is not: handler data is passed on as it came (not cast to a dictionary),
/// the fetched queue is checked, not force-cast; an unknown `responseID` or a missing
/// `responseData` is not unwrapped; a handler answers at most once, `nil` included; U+2028 and
/// U+2029 are escaped; `reset()` keeps a start-up queue for the next injection.
///
/// Main-actor isolated, as WebKit's web view and handlers are: it runs on the main thread only.
@MainActor
final class WKWebViewPortBridge: NSObject {
  /// A native handler: the request's data (nil when absent) and the function that answers it.
  typealias Handler = (_ data: Any?, _ respond: @escaping (Any?) -> Void) -> Void

  static let injectMessageName = "iOS_Native_InjectJavascript"
  static let flushMessageName = "iOS_Native_FlushMessageQueue"

  private weak var webView: WKWebView?
  private let pageScript: String
  /// Where the bridge's diagnostics go (level, stable code, message).
  var log: (_ level: String, _ code: String, _ message: String) -> Void = { _, _, _ in }
  private var handlers: [String: Handler] = [:]
  private var responseCallbacks: [String: (Any?) -> Void] = [:]
  /// Messages held until the page bridge is injected; nil once it is.
  private var startupQueue: [[String: Any]]? = []
  private var uniqueID = 0

  /// Builds the bridge on `webView`; `pageScript` is the page bridge it injects when the page asks.
  init(webView: WKWebView, pageScript: String) {
    self.webView = webView
    self.pageScript = pageScript
    super.init()
    let controller = webView.configuration.userContentController
    controller.add(WeakScriptMessageHandler(self), name: Self.injectMessageName)
    controller.add(WeakScriptMessageHandler(self), name: Self.flushMessageName)
  }

  deinit {
    // Released on the main thread, where it was made (a deinit is not isolated).
    MainActor.assumeIsolated {
      webView?.configuration.userContentController.removeScriptMessageHandler(forName: Self.injectMessageName)
      webView?.configuration.userContentController.removeScriptMessageHandler(forName: Self.flushMessageName)
    }
  }

  // MARK: - API

  /// Registers (or replaces) the native handler `name`.
  func register(handlerName name: String, handler: @escaping Handler) {
    handlers[name] = handler
  }

  /// Removes the native handler `name`.
  func remove(handlerName name: String) {
    handlers.removeValue(forKey: name)
  }

  /// Calls the page handler `name`; `callback` gets its answer.
  func call(handlerName name: String, data: Any? = nil, callback: ((Any?) -> Void)? = nil) {
    var message: [String: Any] = ["handlerName": name]
    if let data { message["data"] = data }
    if let callback {
      uniqueID += 1
      let callbackID = "native_iOS_cb_\(uniqueID)"
      responseCallbacks[callbackID] = callback
      message["callbackID"] = callbackID
    }
    queue(message)
  }

  /// Drops the callbacks still waiting; messages sent from now on wait for the next injection.
  func reset() {
    responseCallbacks.removeAll()
    startupQueue = []
    uniqueID = 0
  }

  // MARK: - Page to native

  fileprivate func didReceive(_ message: WKScriptMessage) {
    switch message.name {
    case Self.injectMessageName: injectPageScript()
    case Self.flushMessageName: fetchQueue()
    default: break
    }
  }

  private func injectPageScript() {
    webView?.evaluateJavaScript(pageScript) { [weak self] _, error in
      guard let self, error == nil, let queued = self.startupQueue else { return }
      self.startupQueue = nil
      for message in queued { self.dispatch(message) }
    }
  }

  private func fetchQueue() {
    webView?.evaluateJavaScript("WKWebViewJavascriptBridge._fetchQueue();") { [weak self] result, _ in
      guard let self else { return }
      guard let text = result as? String, !text.isEmpty else {
        self.log("warning", "empty-queue", "the fetch returned nothing, a non-string or an empty string")
        return
      }
      guard let parsed = MessageJSON.value(parsing: text) else {
        self.log("warning", "malformed-queue", "the fetched text is not valid JSON")
        return
      }
      guard let messages = parsed as? [Any] else {
        self.log("warning", "queue-not-array", "the fetched JSON is not an array")
        return
      }
      for item in messages {
        if let message = item as? [String: Any] {
          self.receive(message)
        } else {
          self.log("warning", "non-object-message", "a queue entry that is not an object was skipped")
        }
      }
    }
  }

  private func receive(_ message: [String: Any]) {
    if let responseID = message["responseID"] {
      // A response, whatever its id's type; only the ids this bridge issued (strings) match.
      if let id = responseID as? String, let callback = responseCallbacks.removeValue(forKey: id) {
        callback(message["responseData"])
      } else {
        log("warning", "unknown-response-id", "a response matched no pending callback")
      }
      return
    }
    guard let name = message["handlerName"] as? String else {
      log("warning", "non-object-message", "a message without a handler name was skipped")
      return
    }
    guard let handler = handlers[name] else {
      log("warning", "no-handler", "no handler for a message from the page: \(name)")
      return
    }
    let callbackID = message["callbackID"]
    var answered = false
    handler(message["data"]) { [weak self] answer in
      guard let self, let callbackID, !answered else { return }
      answered = true
      self.queue(["responseID": callbackID, "responseData": answer ?? NSNull()])
    }
  }

  // MARK: - Native to page

  private func queue(_ message: [String: Any]) {
    if startupQueue != nil {
      startupQueue?.append(message)
    } else {
      dispatch(message)
    }
  }

  private func dispatch(_ message: [String: Any]) {
    guard let json = MessageJSON.text(message) else {
      log("warning", "send-failed", "a message holds a value with no JSON form")
      return
    }
    webView?.evaluateJavaScript("WKWebViewJavascriptBridge._handleMessageFromiOS('\(Self.literalBody(json))');")
  }

  /// `text` escaped for a single-quoted JavaScript string literal: backslash, quotes and control
  /// characters (C0, DEL, C1) escaped, and U+2028 and U+2029, which end a line in older engines.
  /// Works on the UTF-8 bytes and copies the runs between escapes whole (a megabyte payload costs
  /// a copy, not a million appends).
  static func literalBody(_ text: String) -> String {
    var text = text
    return text.withUTF8 { utf8 in
      var out: [UInt8] = []
      out.reserveCapacity(utf8.count + 16)
      func hexDigit(_ value: UInt32) -> UInt8 { UInt8(value < 10 ? 0x30 + value : 0x57 + value) }
      let backslash = UInt8(ascii: "\\")
      func escapeUnicode(_ value: UInt32) {
        out.append(backslash)
        out.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigit((value >> UInt32(shift)) & 0xF)) }
      }
      /// Whether `byte` may need an escape (the cases below); every other byte is copied as is.
      func special(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x27 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
      }
      let end = utf8.count
      var index = 0
      while index < end {
        let runStart = index
        while index < end, !special(utf8[index]) { index += 1 }
        if index > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        guard index < end else { break }
        let byte = utf8[index]
        let next: UInt8 = index + 1 < end ? utf8[index + 1] : 0
        let afterNext: UInt8 = index + 2 < end ? utf8[index + 2] : 0
        switch byte {
        case UInt8(ascii: "\\"):
          out.append(backslash)
          out.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "'"):
          out.append(backslash)
          out.append(UInt8(ascii: "'"))
        case UInt8(ascii: "\""):
          out.append(backslash)
          out.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\n"):
          out.append(backslash)
          out.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"):
          out.append(backslash)
          out.append(UInt8(ascii: "r"))
        case 0x0C:
          out.append(backslash)
          out.append(UInt8(ascii: "f"))
        case 0x00...0x1F, 0x7F: escapeUnicode(UInt32(byte))
        case 0xC2 where (0x80...0x9F).contains(next):
          // U+0080 to U+009F (C1 controls).
          escapeUnicode(UInt32(next))
          index += 1
        case 0xE2 where next == 0x80 && (afterNext == 0xA8 || afterNext == 0xA9):
          // U+2028, U+2029.
          escapeUnicode(0x2000 | UInt32(afterNext & 0x3F))
          index += 2
        default: out.append(byte)
        }
        index += 1
      }
      return String(decoding: out, as: UTF8.self)
    }
  }
}

/// Holds the bridge weakly, so that the user content controller (which keeps its handlers) does not
/// keep the bridge alive.
private final class WeakScriptMessageHandler: NSObject, WKScriptMessageHandler {
  private weak var bridge: WKWebViewPortBridge?

  init(_ bridge: WKWebViewPortBridge) {
    self.bridge = bridge
  }

  func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
    bridge?.didReceive(message)
  }
}
