import PageSimulation
import ReferenceBridges

/// The per-scenario floor: a fresh simulated page (new JavaScriptCore
/// context, browser environment) that loads a bridge script and settles.
enum PageCreationBenchmark {
  static func run() throws {
    let iterations = 1_000
    let bridge = ReferenceScripts.pageBridge
    let fiveKB = String(decoding: bridge.utf8.prefix(5 * 1024), as: UTF8.self).components(separatedBy: "\n").dropLast().joined(separator: "\n")
    let synthetic = fiveKB.isEmpty ? "" : "/* first 5 KB of the reference bridge, parsed only */\n(function () {\n\(fiveKB)\n});"
    let cases: [(String, [PageScript])] = [
      ("empty page", []),
      ("5 KB script (parsed)", [PageScript(name: "five-kb.js", source: synthetic)]),
      (
        "reference bridge (\(bridge.utf8.count / 1024) KB) injected and run",
        [PageScript(name: "page-bridge.js", source: bridge)]
      ),
    ]
    for (label, scripts) in cases {
      let samples = Samples.collect(iterations) {
        let webView = SimulatedWebView()
        webView.load(PageSource(url: "https://bench.test/", scripts: scripts))
        webView.runUntilIdle()
        webView.close()
      }
      print("  \(label): \(samples.summary)")
    }
  }
}
