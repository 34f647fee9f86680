import Foundation
import JSONModel
import TestSupport
import Testing

/// The kit's `WebKit` stand-in isolates WebKit's API to the main actor as
/// Apple's SDK does (`@MainActor` classes and protocols, imported from
/// Objective-C with `@preconcurrency` semantics), so that a bridge written
/// for Swift 6 language mode compiles here as it does there, and the kit
/// drives it on the main actor.
@Suite("Swift native kit isolation")
struct SwiftKitIsolationTests {
  private static let swift6Bridge = "conformance/native-kits/swift/swift6/main.swift"

  /// A few scenarios of the wkwebview-port dialect that the Swift 6 bridge
  /// handles: both directions, callbacks, the start-up queue, re-entrance.
  private static let scenarios = [
    "callbacks/page-to-native-response",
    "callbacks/reentrant-calls-both-ways",
    "data/every-json-type-page-to-native",
    "data/every-json-type-native-to-page",
    "startup-queue/native-calls-with-callbacks-before-injection",
  ]

  /// A `@MainActor` class adopting `WKScriptMessageHandler` and
  /// `WKNavigationDelegate` with main-actor witnesses, awaiting
  /// `evaluateJavaScript` in main-actor tasks, compiled in Swift 6 language
  /// mode: it compiles without an isolation diagnostic and passes its
  /// scenarios through the kit. (Against a stand-in whose protocols are not
  /// main-actor isolated, its conformances cross into main actor-isolated
  /// code: a compile error.)
  @Test func aSwift6MainActorBridgeCompilesAndPassesItsScenarios() throws {
    let kit = try SwiftKit.built()
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let compiled = try kit.compile(
      [packageRoot.appendingPathComponent(Self.swift6Bridge).path], into: scratch.path("swift6"),
      moduleName: "Swift6Bridge", swiftVersion: "6")
    #expect(compiled.status == 0, "swiftc: \(compiled.stderr)")
    #expect(!compiled.stderr.contains("isolated"), "no isolation diagnostic: \(compiled.stderr)")
    let outcome = try bridgecheck(
      ["run", "--jobs", "1", "--native", scratch.path("swift6"), "--profile", "wkwebview-port", "--format", "json"]
        + Self.scenarios.flatMap { ["--filter", $0] }, timeLimit: 600)
    let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
    let passed = Set(results.filter { $0["status"]?.stringValue == "pass" }.compactMap { $0["id"]?.stringValue })
    #expect(passed == Set(Self.scenarios), "\(results) \(outcome.stderr.suffix(2_000))")
    #expect(outcome.status == 0, "\(outcome.stderr.suffix(2_000))")
  }

  /// Code outside the main actor that calls the web view: in Swift 6 mode
  /// the compiler names the main-actor isolation it breaks (as for WebKit's
  /// Objective-C declarations, which Swift imports as `@preconcurrency`);
  /// in Swift 5 mode, as Lision's port and the docs' package are built, it
  /// compiles without a word, as it does against WebKit.
  @Test func aCallFromOutsideTheMainActorIsDiagnosedInSwift6AndNotInSwift5() throws {
    let kit = try SwiftKit.built()
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "outside/main.swift",
      """
      import WebKit

      func evaluate(in webView: WKWebView) {
        webView.evaluateJavaScript("1 + 1")
      }

      """)
    let source = scratch.path("outside/main.swift")
    let swift6 = try kit.compile([source], into: scratch.path("outside6"), moduleName: "Outside", swiftVersion: "6")
    #expect(
      swift6.stderr.contains(
        "call to main actor-isolated instance method 'evaluateJavaScript(_:completionHandler:)' in a synchronous nonisolated context"
      ), "\(swift6.stderr)")
    let swift5 = try kit.compile([source], into: scratch.path("outside5"), moduleName: "Outside", swiftVersion: "5")
    #expect(swift5.status == 0, "\(swift5.stderr)")
    #expect(!swift5.stderr.contains("isolated"), "\(swift5.stderr)")
  }

  /// A Swift 6 navigation delegate whose `decisionHandler` is written as
  /// WebKit declares it (`@escaping @MainActor @Sendable`): the kit reaches
  /// that method, not the protocol's default (which would allow the
  /// navigation without a word). Its decision and its log are in the trace.
  @Test func aSwift6NavigationDelegateWithWebKitsHandlerIsTheOneCalled() throws {
    let kit = try SwiftKit.built()
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "decides/main.swift",
      """
      import BridgecheckNativeKit
      import WebKit

      @MainActor
      final class Decides: NSObject, NativeBridgeUnderTest, WKNavigationDelegate {
        init(webView: WKWebView) {
          super.init()
          webView.navigationDelegate = self
        }

        func webView(
          _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
          decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
        ) {
          NativeKit.log("info", code: "decided", navigationAction.request.url?.absoluteString ?? "")
          decisionHandler(.cancel)
        }

        func register(_ name: String, handler: @escaping (Any?, @escaping (Any?) -> Void) -> Void) {}
        func remove(_ name: String) {}
        func call(_ name: String, data: Any?, callback: ((Any?) -> Void)?) {}
        func reset() {}
      }

      NativeKit.serve(Decides.self)

      """)
    let compiled = try kit.compile(
      [scratch.path("decides/main.swift")], into: scratch.path("decides-bin"), moduleName: "Decides", swiftVersion: "6")
    #expect(compiled.status == 0, "swiftc: \(compiled.stderr)")
    let traces = scratch.path("traces")
    _ = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", scratch.path("decides-bin"), "--profile", "wvjb-5",
        "--filter", "callbacks/page-to-native-response", "--traces", traces,
      ], timeLimit: 300)
    var traceText = ""
    for name in (try? FileManager.default.contentsOfDirectory(atPath: traces)) ?? [] {
      traceText += (try? String(contentsOfFile: "\(traces)/\(name)", encoding: .utf8)) ?? ""
    }
    #expect(
      traceText.contains("\"code\":\"decided\""), "the delegate's method was not called: \(traceText.prefix(2_000))")
    #expect(traceText.contains("\"policy\":\"cancel\""), "\(traceText.prefix(2_000))")
  }
}
