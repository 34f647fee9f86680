import JSRuntime
import PageSimulation
import ReferenceBridges
import WebViewHosting

/// The per-scenario floor: a fresh simulated page (new JavaScriptCore global
/// context, browser environment) that loads a bridge script and settles,
/// with each page in the thread's shared context group (as scenarios run)
/// and in a context group of its own (as they ran before), alternating.
enum PageCreationBenchmark {
  static let rounds = 9
  static let pagesPerRound = 200

  static func run() throws {
    let bridge = ReferenceScripts.pageBridge
    let fiveKB = String(decoding: bridge.utf8.prefix(5 * 1024), as: UTF8.self).components(separatedBy: "\n").dropLast()
      .joined(separator: "\n")
    let synthetic =
      fiveKB.isEmpty ? "" : "/* first 5 KB of the reference bridge, parsed only */\n(function () {\n\(fiveKB)\n});"
    let cases: [(String, [PageScript]?)] = [
      ("bare global context (no page environment)", nil),
      ("empty page", []),
      ("5 KB script (parsed)", [PageScript(name: "five-kb.js", source: synthetic)]),
      (
        "reference bridge (\(bridge.utf8.count / 1024) KB) injected and run",
        [PageScript(name: "page-bridge.js", source: bridge)]
      ),
    ]
    print("  one page, median (min–max) of \(rounds) rounds of \(pagesPerRound) pages (each round's mean):")
    for (label, scripts) in cases {
      var shared = Samples()
      var own = Samples()
      for _ in 0..<rounds {
        shared.append(round(scripts, sharing: true))
        own.append(round(scripts, sharing: false))
      }
      print("    \(label):")
      print("      shared context group: \(shared.range) ms")
      print(
        "      a group per page:     \(own.range) ms (×\(Samples.format(own.quantile(0.5) / shared.quantile(0.5))))")
    }
  }

  /// The mean time of one page over `pagesPerRound` pages, as one sample.
  private static func round(_ scripts: [PageScript]?, sharing: Bool) -> Samples {
    Samples.collect(1) {
      for _ in 0..<pagesPerRound {
        guard let scripts else {
          let context = ScriptContext(configuration: .init(timeLimit: .seconds(1), sharesContextGroup: sharing))
          context.close()
          continue
        }
        let webView = SimulatedWebView(configuration: PageConfiguration(sharesContextGroup: sharing))
        webView.load(PageSource(url: "https://bench.test/", scripts: scripts))
        webView.runUntilIdle()
        webView.close()
      }
    }.scaled(by: 1 / Double(pagesPerRound))
  }
}
