import JSONModel
import Testing
import WebViewHosting

@testable import PageSimulation

@Suite("Timers and virtual time in the page")
struct PageTimerTests {
  @Test func timersFireInVirtualTimeOrder() {
    let page = loadedPage(
      """
      setTimeout(function () { console.log('30 at ' + performance.now()); }, 30);
      setTimeout(function () { console.log('10 at ' + performance.now()); }, 10);
      setTimeout(function (a, b) { console.log('0 with ' + a + b); }, 0, 'x', 'y');
      setTimeout(function () { console.log('10 again'); }, 10);
      setTimeout("console.log('string handler')", 5);
      """)
    #expect(page.consoleLines == ["0 with xy", "string handler", "10 at 10", "10 again", "30 at 30"])
  }

  @Test func clearTimeoutAndClearIntervalCancel() {
    let page = loadedPage(
      """
      var a = setTimeout(function () { console.log('cleared'); }, 5);
      clearTimeout(a);
      var n = 0;
      var i = setInterval(function () { n++; console.log('tick ' + n); if (n === 3) clearInterval(i); }, 10);
      """)
    #expect(page.consoleLines == ["tick 1", "tick 2", "tick 3"])
    #expect(page.scheduler.now.milliseconds == 30)
  }

  @Test func nestedTimersRunAfterTheirParents() {
    let page = loadedPage(
      """
      setTimeout(function () {
        console.log('outer');
        setTimeout(function () { console.log('inner at ' + performance.now()); }, 0);
      }, 0);
      setTimeout(function () { console.log('sibling'); }, 0);
      """)
    #expect(page.consoleLines == ["outer", "sibling", "inner at 0"])
  }

  @Test func dateIsVirtualAndAdvancesOnlyWithTheClock() {
    let page = loadedPage(
      """
      var first = Date.now();
      setTimeout(function () { console.log(String(Date.now() - first), new Date().toISOString()); }, 1500);
      console.log(new Date(0).toISOString(), String(new Date() instanceof Date));
      """)
    #expect(page.consoleLines == ["1970-01-01T00:00:00.000Z true", "1500 2026-01-01T00:00:01.500Z"])
  }

  @Test func advanceRunsOnlyWhatFallsDue() {
    let page = loadedPage("setTimeout(function () { console.log('late'); }, 100000);", prepare: { _ in })
    // runUntilIdle in loadedPage already jumped to the timer.
    #expect(page.consoleLines == ["late"])
    let web = SimulatedWebView()
    web.load(
      PageSource(
        url: "https://a.test/",
        scripts: [PageScript(name: "p", source: "setTimeout(function () { console.log('t'); }, 50);")]))
    web.advance(by: 49)
    #expect(web.consoleLines.isEmpty)
    web.advance(by: 1)
    #expect(web.consoleLines == ["t"])
  }

  @Test func mathRandomIsSeeded() {
    let script = "console.log(String(Math.random()), String(Math.random()));"
    let one = loadedPage(script, configuration: PageConfiguration(seed: 1)).consoleLines
    let again = loadedPage(script, configuration: PageConfiguration(seed: 1)).consoleLines
    let other = loadedPage(script, configuration: PageConfiguration(seed: 2)).consoleLines
    #expect(one == again)
    #expect(one != other)
  }
}
