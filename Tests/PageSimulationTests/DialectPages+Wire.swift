import Foundation
import JSONModel
import TestSupport
import Testing
import WebViewHosting

@testable import PageSimulation

/// bridgecheck's own page bridges in each dialect (`conformance/dialects/*/page.js`) load in the
/// simulated page without a page error, announce themselves the way their dialect does, and put
/// one page-to-native call on the wire in their dialect's form.
@Suite("Dialect page bridges in the simulated page")
struct DialectPageWireTests {
  private static let dialects = packageRoot.appendingPathComponent("conformance/dialects")

  /// A page running `prelude`, the dialect's page bridge, then `action`, until idle.
  private func page(
    _ dialect: String, prelude: String = "", action: String, prepare: (SimulatedWebView) -> Void = { _ in }
  ) throws -> SimulatedWebView {
    let bridge = try String(contentsOf: Self.dialects.appendingPathComponent("\(dialect)/page.js"), encoding: .utf8)
    let recorder = """
      var ready = [];
      document.addEventListener('WebViewJavascriptBridgeReady', function (e) { ready.push(typeof e.bridge); });
      window.WVJBCallbacks = [function (bridge) { ready.push('WVJBCallbacks'); }];
      window.WKWVJBCallbacks = [function (bridge) { ready.push('WKWVJBCallbacks'); }];
      var wire = [];
      """
    let webView = SimulatedWebView()
    prepare(webView)
    webView.load(
      PageSource(
        url: "https://app.test/",
        scripts: [
          PageScript(name: "prelude.js", source: recorder + prelude),
          PageScript(name: "\(dialect)/page.js", source: bridge),
          PageScript(name: "action.js", source: action),
        ]))
    webView.runUntilIdle()
    #expect(webView.trace.events(named: TraceEventName.uncaughtException).isEmpty, "\(dialect): a page error")
    return webView
  }

  @Test func wvjb6() throws {
    let web = try page("wvjb-6", action: "WebViewJavascriptBridge.callHandler('h', 1);")
    #expect(web.value("ready") == ["WVJBCallbacks"])
    #expect(web.iframeRequests.last == "https://__wvjb_queue_message__/")
    #expect(web.value("WebViewJavascriptBridge._fetchQueue()") == #"[{"handlerName":"h","data":1}]"#)
  }

  @Test func wvjb5() throws {
    let web = try page("wvjb-5", action: "WebViewJavascriptBridge.callHandler('h', 1);")
    #expect(web.value("ready") == ["WVJBCallbacks"])
    #expect(web.iframeRequests.last == "wvjbscheme://__WVJB_QUEUE_MESSAGE__")
  }

  @Test func wvjb4AnnouncesItselfAndHoldsMessagesUntilInit() throws {
    let web = try page(
      "wvjb-4",
      action: """
        WebViewJavascriptBridge.registerHandler('h', function (data) { wire.push(data); });
        WebViewJavascriptBridge._handleMessageFromObjC('{"handlerName":"h","data":"early"}');
        setTimeout(function () { wire.push('before init'); WebViewJavascriptBridge.init(); }, 5);
        WebViewJavascriptBridge.callHandler('n', 1);
        """)
    #expect(web.value("ready") == ["object"])
    #expect(web.value("wire") == ["before init", "early"])
    #expect(web.iframeRequests.last == "wvjbscheme://__WVJB_QUEUE_MESSAGE__")
  }

  @Test func wkwebviewPortPostsToItsScriptMessageHandler() throws {
    var posts: [String] = []
    let web = try page("wkwebview-port", action: "WKWebViewJavascriptBridge.callHandler('h', 1, function () {});") {
      $0.addScriptMessageHandler(named: "iOS_Native_FlushMessageQueue") { posts.append($0.name) }
    }
    #expect(web.value("ready") == ["WKWVJBCallbacks"])
    #expect(posts == ["iOS_Native_FlushMessageQueue"])
    let queue = web.value("JSON.parse(WKWebViewJavascriptBridge._fetchQueue())[0]")
    #expect(queue?["callbackID"]?.stringValue?.hasPrefix("cb_1_") == true)
  }

  @Test func jsbridge1ReturnsItsQueueThroughANavigation() throws {
    let web = try page("jsbridge-1", action: "WebViewJavascriptBridge.callHandler('h', 'a b');")
    #expect(web.value("ready") == ["object"])
    #expect(web.iframeRequests.contains("yy://__QUEUE_MESSAGE__/"))
    #expect(web.value("typeof WebViewJavascriptBridge._fetchQueue()") == "undefined")
    web.runUntilIdle()
    #expect(
      web.iframeRequests.last
        == "yy://return/_fetchQueue/%5B%7B%22handlerName%22%3A%22h%22%2C%22data%22%3A%22a%20b%22%7D%5D")
  }

  @Test func jsbridge2CallsTheHostObjectSynchronously() throws {
    let host = """
      window.WebViewJavascriptBridge = {
        h: function (json, id) { wire.push(['h', json, id]); return '{"ok":true}'; },
        send: function (json, id) { wire.push(['send', json, id]); },
        response: function (json, id) { wire.push(['response', json, id]); }
      };
      """
    let web = try page(
      "jsbridge-2", prelude: host,
      action: """
        WebViewJavascriptBridge.callHandler('h', 1, function (answer) { wire.push(['answer', answer]); });
        WebViewJavascriptBridge.callHandler('other', null);
        WebViewJavascriptBridge.doSend('default');
        """)
    #expect(web.value("ready") == ["WVJBCallbacks", "object"])
    #expect(web.value("wire[0][0] + ' ' + wire[0][1]") == "h 1")
    #expect(web.value("wire[1]") == ["answer", ["ok": true]])
    // No generic method: a handler without a host method of its own is not called through send;
    // doSend calls the app's send method, the default handler.
    #expect(web.value("wire[2]") == ["send", #""default""#, ""])
    #expect(web.value("wire.length") == 3)
  }

  @Test func reactNativeCarriesTheQueueInsideTheSignal() throws {
    let channel = "window.ReactNativeWebView = { postMessage: function (text) { wire.push(text); } };"
    let web = try page("react-native", prelude: channel, action: "WebViewJavascriptBridge.callHandler('h', 0);")
    #expect(web.value("ready") == ["WVJBCallbacks"])
    #expect(
      web.value("wire")
        == [
          #"{"url":"https://__bridge_loaded__","messages":[]}"#,
          #"{"url":"https://__wvjb_queue_message__","messages":[{"handlerName":"h","data":0}]}"#,
        ])
  }

  @Test func flutterPostsURIEncodedEnvelopes() throws {
    let channel = "window.YGFlutterJSBridgeChannel = { postMessage: function (text) { wire.push(text); } };"
    let web = try page(
      "flutter", prelude: channel, action: "WebViewJavascriptBridge.callHandler('h', false, function () {});")
    #expect(web.value("ready") == ["WVJBCallbacks", "object"])
    #expect(web.value("decodeURIComponent(wire[0])") == #"{"index":0,"type":"request","handlerName":"h","data":false}"#)
    #expect(web.value("wire[0].indexOf('{') < 0") == true)
  }

  @Test func promptAndroidSendsThroughAPromptAndTakesObjects() throws {
    var prompts: [PageDialog] = []
    let web = try page(
      "prompt-android",
      action: """
        WebViewJavascriptBridge.registerHandler('h', function (data) { wire.push(data); });
        WebViewJavascriptBridge._handleMessageFromJava({ handlerName: 'h', data: [1] });
        WebViewJavascriptBridge.callHandler('n', 'x');
        """
    ) { webView in
      webView.dialogHandler = { dialog in
        prompts.append(dialog)
        return .text("")
      }
    }
    #expect(web.value("ready") == ["WVJBCallbacks"])
    #expect(web.value("wire") == [[1]])
    #expect(prompts.map(\.message) == ["_wvjbxx"])
    #expect(prompts.first?.defaultText == #"{"handlerName":"n","data":"x"}"#)
  }

  @Test func mushaoPutsEachCallInAURLOfItsOwn() throws {
    let web = try page(
      "mushao",
      action: """
        MSF_JsBridge.invoke('first', { a: '#1 %' });
        MSF_JsBridge.invoke('second', { callBack: function (r) { wire.push(r); } });
        var id = Object.keys(MSF_JsBridge.callBacks)[0];
        MSF_JsBridge.nativeCallBackToJs(id, { msg: 'done' });
        """)
    // The page sets mushao://first://…; the host sees it serialized: the
    // name is the URL's host, and its empty port's ':' is dropped.
    let requests = web.iframeRequests
    #expect(requests.first == "mushao://first//%7B%22a%22%3A%22%231%20%25%22%7D")
    #expect(requests.count == 2 && requests[1].hasPrefix("mushao://second//%7B%22callBackId%22%3A%22callBackId_1_"))
    #expect(web.value("wire") == [["msg": "done"]])
    #expect(web.value("Object.keys(MSF_JsBridge.callBacks).length") == 0)
  }

  @Test func moduleActionPostsARecordAndAnswersWithTheEvaluationResult() throws {
    var bodies: [JSONValue?] = []
    let web = try page(
      "module-action",
      action: """
        HybridBridge.callNative({ module: 'user', action: 'login', params: { a: 1 } }, function () {});
        registerHandlerForNative('ping', function (params) { return { pong: params }; });
        """
    ) { $0.addScriptMessageHandler(named: "IDLJSBridge") { bodies.append($0.body) } }
    let body = bodies.first??.objectValue
    #expect(body?["module"] == "user" && body?["action"] == "login" && body?["type"] == "action")
    #expect(body?["callbackFunction"] == "window.HybridBridge.callbackDispatcher")
    #expect(web.value("nativeCallDispatcher('ping', '[1]')") == ["pong": [1]])
  }
}
