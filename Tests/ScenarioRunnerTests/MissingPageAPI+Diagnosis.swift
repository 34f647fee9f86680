import BridgeImplementations
import JSONModel
import PageSimulation
import ReferenceImplementations
import Testing
import WebViewHosting

@testable import ScenarioRunner

@Suite("Errors from APIs the simulated page lacks")
struct MissingPageAPITests {
  /// The diagnosis of what `script` throws in a simulated page, read from
  /// the engine's own wording.
  private func diagnosis(of script: String) -> MissingPageAPI? {
    let webView = SimulatedWebView()
    webView.load(PageSource(url: "https://app.test/", scripts: []))
    var failure: (name: String?, message: String)?
    webView.evaluateJavaScript(script) { result in
      if case .failure(let error) = result { failure = (error.name, error.message) }
    }
    webView.runUntilIdle()
    guard let failure else {
      Issue.record("\(script) did not throw")
      return nil
    }
    return MissingPageAPI.diagnose(name: failure.name, message: failure.message)
  }

  @Test func namesMissingMembersOfPageObjects() {
    #expect(
      diagnosis(of: "document.elementFromPoint(1, 2)") == MissingPageAPI(api: "document.elementFromPoint", kind: .maybe)
    )
    #expect(diagnosis(of: "navigator.sendBeacon('x')") == MissingPageAPI(api: "navigator.sendBeacon", kind: .maybe))
    #expect(diagnosis(of: "document.fonts.ready") == MissingPageAPI(api: "document.fonts", kind: .maybe))
    #expect(
      diagnosis(of: "window.document.scripts[0]") == MissingPageAPI(api: "window.document.scripts", kind: .webKitHas))
  }

  @Test func namesMissingWebKitGlobals() {
    #expect(
      diagnosis(of: "new MutationObserver(function () {})") == MissingPageAPI(api: "MutationObserver", kind: .webKitHas)
    )
    #expect(
      diagnosis(of: "new window.XMLHttpRequest()") == MissingPageAPI(api: "window.XMLHttpRequest", kind: .webKitHas))
  }

  @Test func aMissingScriptMessageHandlerIsTheNativeSidesChoice() {
    let found = diagnosis(of: "window.webkit.messageHandlers.iOS_Native_InjectJavascript.postMessage(null)")
    #expect(found?.kind == .noMessageHandler("iOS_Native_InjectJavascript"))
    #expect(found?.explanation.contains("the native side registered none") == true)
  }

  @Test func leavesTheBridgesOwnMistakesAlone() {
    #expect(diagnosis(of: "window.WebViewJavascriptBridge.init()") == nil)
    #expect(diagnosis(of: "var bridge = {}; bridge.callHandler('x')") == nil)
    #expect(diagnosis(of: "undefinedBridgeGlobal._fetchQueue()") == nil)
    #expect(diagnosis(of: "null.x") == nil)
    #expect(diagnosis(of: "throw new TypeError('document.foo is not a function')") == nil)
  }

  @Test func reportsSayWhatThePageLacksInsteadOfBlamingTheBridge() {
    let fields: JSONObject = [
      "name": "TypeError",
      "message":
        "document.registerElement is not a function. (In 'document.registerElement('x')', 'document.registerElement' is undefined)",
      "source": "bridge.js", "line": 3,
    ]
    let text = Judge.describeError(fields)
    #expect(text.hasPrefix("TypeError: document.registerElement is not a function."))
    #expect(
      text.hasSuffix(
        "at bridge.js:3; the simulated page lacks `document.registerElement`: if WebKit has it, this is a limit of bridgecheck's page, not a fault of the bridge"
      ))
    #expect(
      Judge.describeError(["name": "TypeError", "message": "x is not a function"]) == "TypeError: x is not a function")
  }

  @Test func aBridgeStoppedByAMissingPageAPIAtInjectionIsAnErrorNamingIt() throws {
    let page = ScriptPageImplementation(name: "needs-a-page-api", source: "document.elementFromPoint(0, 0);")
    let runner = FixtureRunner(page: page, native: ReferenceNativeImplementation())
    let result = runner.run(try fixture(ScenarioRunnerMiniatureTests.echoFixture))
    #expect(result.status == .error)
    #expect(
      result.message?.hasPrefix(
        "the simulated page lacks `document.elementFromPoint`: if WebKit has it, this is a limit of bridgecheck's page, "
          + "not a fault of the bridge (TypeError: document.elementFromPoint is not a function.") == true)
  }
}
