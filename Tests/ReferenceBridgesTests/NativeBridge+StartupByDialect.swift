import Dialects
import JSONModel
import Testing

@testable import ReferenceBridges

/// The start-up queue as each dialect's real native side keeps it (profile
/// member `startupQueue`): sent right behind the injection (classic), from
/// the injection's completion (the Swift WKWebView port), or not kept at all
/// (the webview_flutter wrappers' Dart side).
@Suite("Native bridge: start-up queue by dialect", .checksEvaluatedScripts)
struct NativeBridgeStartupByDialectTests {
  /// A page bridge of the Swift port's shape: it dispatches inside the
  /// native evaluation and runs the set-up callbacks from a zero-delay timer
  /// set while it is injected (`drainDelay` ms).
  static func portShapedBridge(drainDelay: Int = 0) -> String {
    """
    (function () {
      if (window.WebViewJavascriptBridge) return;
      var handlers = {};
      window.WebViewJavascriptBridge = {
        registerHandler: function (name, fn) { handlers[name] = fn; },
        callHandler: function () {},
        _fetchQueue: function () { return '[]'; },
        _handleMessageFromObjC: function (json) {
          var message = JSON.parse(json);
          if (handlers[message.handlerName]) handlers[message.handlerName](message.data);
          else record('no-handler', message.handlerName);
        }
      };
      setTimeout(function () {
        var callbacks = window.WVJBCallbacks;
        delete window.WVJBCallbacks;
        for (var i = 0; i < callbacks.length; i++) callbacks[i](window.WebViewJavascriptBridge);
      }, \(drainDelay));
    })();
    """
  }

  static let pageScript = """
    setupWebViewJavascriptBridge(function (bridge) {
      bridge.registerHandler('echo', function (data) { record('echo', data); });
    });
    """

  static func profile(_ startupQueue: StartupQueue) -> BridgeProfile {
    var profile = BridgeProfile.classic
    profile.startupQueue = startupQueue
    return profile
  }

  /// Sent right behind the injection, the start-up message is dispatched
  /// before the bridge's zero-delay timer runs the set-up callbacks.
  @Test func behindTheInjectionTheMessageOvertakesTheSetUpTimer() {
    let page = BridgePage(pageBridgeScript: Self.portShapedBridge(), profile: Self.profile(.afterInjection))
    page.bridge.callHandler("echo", data: "early")
    page.load(Self.pageScript)
    #expect(page.recorded("no-handler") == ["echo"])
    #expect(page.recorded("echo").isEmpty)
  }

  /// Sent from the injection's completion, it comes after that timer: the
  /// handler the set-up callback registered receives it.
  @Test func fromTheCompletionTheSetUpTimerRunsFirst() {
    let page = BridgePage(pageBridgeScript: Self.portShapedBridge(), profile: Self.profile(.afterInjectionCompletes))
    page.bridge.callHandler("echo", data: "early")
    page.bridge.callHandler("echo", data: "second")
    page.load(Self.pageScript)
    #expect(page.recorded("echo") == ["early", "second"])
    #expect(page.recorded("no-handler").isEmpty)
    #expect(!page.bridge.isHoldingStartupMessages)
  }

  /// A bridge that waits longer than a zero-delay timer still misses them.
  @Test func fromTheCompletionALaterTimerStillMissesThem() {
    let page = BridgePage(
      pageBridgeScript: Self.portShapedBridge(drainDelay: 10), profile: Self.profile(.afterInjectionCompletes))
    page.bridge.callHandler("echo", data: "early")
    page.load(Self.pageScript)
    #expect(page.recorded("no-handler") == ["echo"])
  }

  /// A failed injection keeps the queue, as the port's native side does.
  @Test func aFailedInjectionKeepsTheQueue() {
    let page = BridgePage(
      pageBridgeScript: "throw new Error('broken bridge');", profile: Self.profile(.afterInjectionCompletes))
    page.bridge.callHandler("echo", data: "early")
    page.load(Self.pageScript)
    #expect(page.bridge.isHoldingStartupMessages)
    #expect(page.bridge.startupQueueCount == 1)
  }

  /// Without a start-up queue, a message sent before the injection is
  /// evaluated at once (into a page without the bridge) and logged as such.
  @Test func withoutAQueueTheMessageGoesOutAtOnceAndIsLogged() {
    let page = BridgePage(pageBridgeScript: Self.portShapedBridge(), profile: Self.profile(.none))
    #expect(!page.bridge.isHoldingStartupMessages)
    page.bridge.callHandler("echo", data: "early")
    page.load(Self.pageScript)
    #expect(page.problemCodes.contains(.sentBeforeInjection))
    #expect(page.recorded("echo").isEmpty)
    // After the injection nothing is logged any more.
    let before = page.problemCodes.filter { $0 == .sentBeforeInjection }.count
    page.bridge.callHandler("echo", data: "later")
    page.settle()
    #expect(page.recorded("echo") == ["later"])
    #expect(page.problemCodes.filter { $0 == .sentBeforeInjection }.count == before)
  }
}
