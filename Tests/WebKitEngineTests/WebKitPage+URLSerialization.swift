import Foundation
import JSONModel
import Testing
import WebKitEngine

#if WebKitGTK
  /// The ground truth for the simulated page's navigation URLs: every entry
  /// of the stored table is measured again in WebKitGTK and must come out as
  /// stored. `BRIDGECHECK_WRITE_URL_TABLE=1` rewrites the table with what
  /// was measured (for a new corpus entry or a new WebKitGTK). In the host
  /// suite, whose tests run one at a time: two pages loading at once nest
  /// their waits on the one engine thread.
  extension WebKitPageHostTests {
    static let corpusPageURL = "https://bridgecheck.test/dir/index.html"
    static let corpusPage = "<!doctype html><html><body><script>window.alive = 'yes';</script></body></html>"

    @Test func everyCorpusURLArrivesAsTheTableSays() throws {
      let table = try URLSerializationTable.load()
      #expect(table.entries.count >= 200)
      let page = try WebKitPage()
      defer { page.close() }
      try page.load(html: Self.corpusPage, baseURL: Self.corpusPageURL)
      var measured: [URLSerializationTable.Entry] = []
      for entry in table.entries {
        let (requests, threw) = try entry.how == "iframe" ? viaIframe(entry.set, page) : viaLocation(entry.set, page)
        #expect(requests.count <= 1, "\(entry.set.debugDescription) via \(entry.how): \(requests)")
        measured.append(.init(set: entry.set, how: entry.how, requested: requests.first, threw: threw))
      }
      if ProcessInfo.processInfo.environment["BRIDGECHECK_WRITE_URL_TABLE"] == "1" {
        try URLSerializationTable(measuredOn: "WebKitGTK " + WebKitPage.engineVersion, entries: measured).write()
      }
      for (stored, now) in zip(table.entries, measured) {
        #expect(stored == now, "measured on \(table.measuredOn), now WebKitGTK \(WebKitPage.engineVersion)")
      }
    }

    /// What the page reads back: an iframe's `src` resolved and serialized
    /// (the text as set when it does not parse), its attribute as set.
    @Test func iframeSourcesReadBackResolved() throws {
      let page = try WebKitPage()
      defer { page.close() }
      try page.load(html: Self.corpusPage, baseURL: "https://bridgecheck.test/")
      #expect(
        try page.evaluate(
          "var f = document.createElement('iframe'); f.src = 'a b.html'; [f.src, f.getAttribute('src')]")
          == ["https://bridgecheck.test/a%20b.html", "a b.html"])
      #expect(try page.evaluate("f.src = 'https://[x'; f.src") == "https://[x")
      #expect(try page.evaluate("location.href") == "https://bridgecheck.test/")
    }

    /// A new iframe with this `src`, appended to the document (how the
    /// bridges of the family signal); the requests it caused.
    private func viaIframe(_ url: String, _ page: WebKitPage) throws -> ([String], String?) {
      let before = page.navigationRequests.count
      let threw = try page.evaluate(
        """
        try {
          var frame = document.createElement('iframe');
          frame.style.display = 'none';
          frame.src = \(JSONValue.string(url).serialized());
          document.documentElement.appendChild(frame);
          null
        } catch (error) { error.name }
        """)
      return (newRequests(page, after: before), threw?.stringValue)
    }

    /// `location.href = url` in a freshly loaded page; the requests it
    /// caused (a cancelled main-frame navigation leaves the page alive).
    private func viaLocation(_ url: String, _ page: WebKitPage) throws -> ([String], String?) {
      try page.load(html: Self.corpusPage, baseURL: Self.corpusPageURL)
      let before = page.navigationRequests.count
      let threw = try page.evaluate(
        "try { location.href = \(JSONValue.string(url).serialized()); null } catch (error) { error.name }")
      let requests = newRequests(page, after: before)
      if requests.allSatisfy({ $0 != "about:blank" }) {
        #expect(try page.evaluate("window.alive") == "yes", "\(url.debugDescription) left the page")
      }
      return (requests, threw?.stringValue)
    }

    private func newRequests(_ page: WebKitPage, after count: Int) -> [String] {
      if page.waitForNavigationRequests(moreThan: count, timeout: 0.4) { page.settle(seconds: 0.05) }
      return Array(page.navigationRequests.dropFirst(count))
    }
  }
#endif
