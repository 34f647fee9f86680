import Foundation
import JSONModel
import Testing
import WebViewHosting

@testable import PageSimulation

/// The simulated page asks its host about the same navigation URLs as
/// WebKitGTK: every entry of the table measured there
/// (`Resources/webkit-url-serialization.json`, checked against WebKit by
/// `scripts/test-webkit.sh`) is played in a simulated page.
@Suite("Navigation URLs as WebKit serializes them")
struct NavigationURLWebKitTableTests {
  static let pageURL = "https://bridgecheck.test/dir/index.html"
  static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Resources/webkit-url-serialization.json")

  struct Entry: Sendable, CustomTestStringConvertible {
    var set: String
    var how: String
    var requested: String?
    var threw: String?
    var testDescription: String { "\(set.debugDescription) via \(how)" }
  }

  static func entries() throws -> [Entry] {
    let root = try JSONValue.parse(String(decoding: Data(contentsOf: table), as: UTF8.self))
    return (root["entries"]?.arrayValue ?? []).map {
      Entry(
        set: $0["set"]?.stringValue ?? "", how: $0["how"]?.stringValue ?? "",
        requested: $0["requested"]?.stringValue, threw: $0["threw"]?.stringValue)
    }
  }

  @Test func theTableCoversTheCorpus() throws {
    let entries = try Self.entries()
    #expect(entries.count >= 200)
    #expect(Set(entries.map(\.how)) == ["iframe", "location"])
  }

  @Test(arguments: try entries())
  func theSimulatedPageRequestsWhatWebKitRequested(_ entry: Entry) {
    let literal = JSONValue.string(entry.set).serialized()
    let action =
      entry.how == "iframe"
      ? """
      var frame = document.createElement('iframe');
      frame.style.display = 'none';
      frame.src = \(literal);
      document.documentElement.appendChild(frame);
      """
      : "location.href = \(literal);"
    let webView = SimulatedWebView(configuration: PageConfiguration())
    webView.load(
      PageSource(
        url: Self.pageURL,
        scripts: [PageScript(name: "page.js", source: "try { \(action) } catch (error) { window.threw = error.name; }")]
      ))
    webView.runUntilIdle()
    let requests = webView.trace.events(named: TraceEventName.navigationRequested).compactMap { $0["url"]?.stringValue }
    #expect(requests == (entry.requested.map { [$0] } ?? []))
    #expect(webView.value("window.threw")?.stringValue == entry.threw)
  }

  @Test func urlsReadBackAsWebKitReflectsThem() {
    let webView = SimulatedWebView(configuration: PageConfiguration())
    webView.load(PageSource(url: "HTTPS://Bridgecheck.TEST", scripts: []))
    webView.runUntilIdle()
    #expect(webView.value("location.href") == "https://bridgecheck.test/")
    #expect(
      webView.value("var f = document.createElement('iframe'); f.src = 'a b.html'; [f.src, f.getAttribute('src')]")
        == ["https://bridgecheck.test/a%20b.html", "a b.html"])
    #expect(webView.value("f.src = 'https://[x'; f.src") == "https://[x")
  }
}
