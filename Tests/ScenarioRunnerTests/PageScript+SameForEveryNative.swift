import BridgeImplementations
import Dialects
import JSONModel
import ReferenceBridges
import ReferenceImplementations
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// One page script for every native side: the reference page bridge's
/// per-scenario options reach the page through a harness script, and the
/// reference native side evaluates the page script exactly as it was given.
@Suite("One page script for every native side")
struct PageScriptSameForEveryNativeTests {
  /// The reference native side, remembering the web view and the page
  /// script of the last session.
  final class Recording: NativeImplementation, @unchecked Sendable {
    let inner = ReferenceNativeImplementation()
    var name: String { inner.name }
    var version: String? { inner.version }
    var transports: [Transport] { inner.transports }
    var injections: [Injection] { inner.injections }
    var features: Set<String> { inner.features }
    var webView: (any WebViewHost)?
    var pageScript: String?
    func startSession(
      webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String, events: any NativeSessionEvents
    ) throws(ImplementationError) -> any NativeSession {
      self.webView = webView
      self.pageScript = pageScript
      return try inner.startSession(
        webView: webView, configuration: configuration, pageScript: pageScript, events: events)
    }
  }

  static let fixtureText = """
    {"id": "transport/echo", "title": "echo", "area": "transport", "level": "must", "spec": "s", "subject": "pair",
     "setup": {"transport": "message-handlers", "options": {"answerMissingHandler": true}, "nativeHandlers": {"echo": "echo"}},
     "steps": [{"action": "settle"}, {"action": "page.call", "handler": "echo", "data": 1, "callback": "c1"}],
     "expect": {"events": [{"event": "script-message"}, {"event": "page-callback-invoked", "label": "c1", "data": 1}]}}
    """

  @Test func theReferencePageScriptIsTheSameForEveryScenario() throws {
    let page = ReferencePageImplementation()
    let iframe = SessionConfiguration(
      transport: .iframe, injection: .bridgeLoaded, options: BridgeOptions(), profile: page.profile)
    let posts = SessionConfiguration(
      transport: .messageHandlers, injection: .documentStart, options: BridgeOptions(answerMissingHandler: true),
      profile: page.profile)
    // The classic dialect gets the file's classic build, the same text for every scenario.
    let classic = try #require(PageBridgeBuild.classic(from: page.source))
    #expect(try page.script(for: iframe) == classic)
    #expect(try page.script(for: posts) == classic)
    // A dialect gets the file itself.
    var dialect = page.profile
    dialect.names.global = "OtherBridge"
    let renamed = SessionConfiguration(
      transport: .iframe, injection: .bridgeLoaded, options: BridgeOptions(), profile: dialect)
    #expect(try page.script(for: renamed) == page.source)
    #expect(page.pageOptionsScript(for: posts)?.contains("\"messageHandlers\"") == true)
    #expect(page.pageOptionsScript(for: posts)?.contains("\"answerMissingHandler\":true") == true)
    #expect(ScriptPageImplementation(name: "x.js", source: "x").pageOptionsScript(for: iframe) == nil)
  }

  @Test func theReferenceNativeEvaluatesThePageScriptAsGiven() throws {
    let native = Recording()
    let page = ReferencePageImplementation()
    let result = FixtureRunner(page: page, native: native).run(try fixture(Self.fixtureText))
    #expect(result.status == .pass, "\(result.message ?? "")")
    let classic = try #require(PageBridgeBuild.classic(from: page.source))
    #expect(native.pageScript == classic)
    let evaluated =
      native.webView?.trace.events(named: TraceEventName.evaluate).compactMap { $0["script"]?.stringValue } ?? []
    #expect(evaluated.contains(classic), "the injection evaluates the page script, byte for byte")
    #expect(!evaluated.contains { $0.hasPrefix("window.WVJBReferenceOptions") }, "no options text added before it")
  }
}
