import ArgumentParser
import PageSimulation

/// The `bridgecheck` command: conformance checks for WebView <-> native
/// JavaScript bridges.
@main
struct Bridgecheck: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bridgecheck",
    abstract: "Conformance checks for WebView <-> native JavaScript bridges (WebViewJavascriptBridge protocol).",
    discussion: """
      bridgecheck runs JSON fixture scenarios against a page-side bridge (JavaScript) and a native-side \
      bridge inside a deterministic simulated web page driven by JavaScriptCore, and reports pass/fail.
      """,
    version: BridgecheckVersion.current
  )
}
