import ArgumentParser
import JSONModel
import PageSimulation
import ReferenceBridges
import Reporters
import WebViewHosting

/// `bridgecheck demo`: the two reference bridges talking in a simulated page,
/// with the trace that bridgecheck judges, so a new user sees what a
/// scenario looks like before reading a fixture.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Run the demo page with the reference bridges and print the trace.")

  @Flag(help: "Also show scheduler tasks and debug logs.")
  var all = false

  func run() throws {
    let webView = SimulatedWebView()
    let bridge = NativeBridge(webView: webView)
    bridge.registerHandler("nativeGreeting") { data, respond in
      respond?(["greeting": "hello from native", "youSent": data ?? .null])
    }
    bridge.callHandler("pageEcho", data: ["from": "native"]) { answer in
      webView.trace.record(.native, "demo", ["pageEcho answered": answer ?? .null])
    }
    webView.load(
      PageSource(
        url: "https://demo.bridgecheck.test/",
        scripts: [
          PageScript(name: "page-setup-snippet.js", source: ReferenceScripts.setupSnippet),
          PageScript(name: "demo-page.js", source: ReferenceScripts.demoPage),
        ]))
    webView.runUntilIdle()
    print("The demo page (Sources/ReferenceBridges/Resources/demo-page.js) with both reference bridges.")
    print("Native called pageEcho before the page was ready (start-up queue); the page called nativeGreeting.\n")
    for event in webView.trace.events where all || Self.isInteresting(event) {
      print(FailureText.eventLine(event, fieldLimit: 110))
    }
  }

  private static func isInteresting(_ event: TraceEvent) -> Bool {
    if event.name == TraceEventName.task { return false }
    if event.name == "native-log", event["level"] == "debug" { return false }
    return true
  }
}
