import JSONModel
import Testing
import WebViewHosting

@testable import PageSimulation

/// What WebKit has and the simulated page does not: a page that touches it
/// gets `undefined`, as if it were absent, and the page notes the API once
/// (`page-api-missing`), for the run to report at the top.
@Suite("Page: APIs the simulated page lacks")
struct SimulatedPageAbsentAPITests {
  private func notes(_ page: SimulatedWebView) -> [String] {
    page.trace.events(named: TraceEventName.pageAPIMissing).compactMap { $0["api"]?.stringValue }
  }

  @Test func touchingAnAbsentAPINotesItOnce() {
    let page = loadedPage(
      """
      var kinds = [typeof fetch, typeof window.localStorage, typeof document.cookie, typeof navigator.platform,
        typeof document.createElement('iframe').contentWindow];
      var again = typeof fetch;
      """)
    #expect(page.value("kinds.join(' ')") == "undefined undefined undefined undefined undefined")
    #expect(notes(page) == ["fetch", "localStorage", "document.cookie", "navigator.platform", "element.contentWindow"])
  }

  /// A page's own polyfill replaces the sentinel and is not noted.
  @Test func assigningAnAbsentAPIKeepsTheValue() {
    let page = loadedPage("window.atob = function (x) { return 'decoded ' + x; }; var result = atob('a');")
    #expect(page.value("result") == "decoded a")
    #expect(page.value("Object.keys(window).indexOf('atob') >= 0") == true)
    #expect(notes(page).isEmpty)
  }

  /// A page script's global `var` of an absent API's name is an ordinary
  /// global (found by `fidelity`: the sentinel's setter was given no
  /// receiver for it, and threw).
  @Test func aGlobalVarOfAnAbsentAPIsNameIsAnOrdinaryGlobal() {
    let page = loadedPage("var history = 'mine'; var fetch; fetch = 2; function atob() { return 'own'; }")
    #expect(page.value("history + ' ' + fetch + ' ' + atob()") == "mine 2 own")
    #expect(page.trace.events(named: TraceEventName.uncaughtException).isEmpty)
    #expect(notes(page).isEmpty)
  }

  /// Sentinels are invisible to enumeration and JSON, and never shadow what
  /// the simulated page has.
  @Test func sentinelsStayOutOfTheWay() {
    let page = loadedPage("var keys = Object.keys(window).filter(function (k) { return k === 'fetch'; }).length;")
    #expect(page.value("keys") == 0)
    #expect(page.value("JSON.stringify(document.createElement('div')).indexOf('contentWindow')") == -1)
    #expect(
      page.value("typeof Worker + ' ' + typeof URL + ' ' + typeof Blob + ' ' + typeof document.getElementsByTagName")
        == "function function function function")
    #expect(notes(page).isEmpty)
  }

  @Test func locationHasTheParts() {
    let page = loadedPage("", configuration: PageConfiguration())
    #expect(
      page.value(
        "[location.protocol, location.host, location.pathname, location.origin, document.location === location, document.URL, document.defaultView === window].join(' ')"
      )
        == "https: app.test / https://app.test true https://app.test/ true")
  }
}
