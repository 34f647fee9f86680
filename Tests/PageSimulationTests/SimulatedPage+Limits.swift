import JSONModel
import JSRuntime
import Testing
import WebViewHosting

@testable import PageSimulation

/// A hostile page passes a limit of the simulated page instead of running
/// until memory or patience runs out; the web view says which.
@Suite("Limits of the simulated page")
struct PageLimitTests {
  private func limits(_ configure: (inout PageLimits) -> Void) -> PageConfiguration {
    var configuration = PageConfiguration(scriptTimeLimit: .milliseconds(200))
    configure(&configuration.limits)
    return configuration
  }

  @Test func aLongConsoleLineIsCutWithANote() {
    let page = loadedPage("console.log('x'.repeat(100000));", configuration: limits { $0.consoleLineLength = 1000 })
    let line = page.consoleLines.first ?? ""
    #expect(
      line.hasPrefix(String(repeating: "x", count: 1000) + "… [99000 more characters cut by bridgecheck]"),
      "\(line.prefix(1100))")
    #expect(page.limitViolation == nil)
  }

  @Test func consoleOutputPastTheTotalIsALimit() {
    let page = loadedPage(
      "try { for (var i = 0; i < 100000; i++) console.log('y'.repeat(1000)); } catch (e) { console.error(String(e)); }",
      configuration: limits { $0.consoleTotalBytes = 100_000 })
    #expect(page.limitViolation?.limit == "console-output")
    #expect(
      page.limitViolation?.message.contains("console output over 97.7 KiB") == true,
      "\(page.limitViolation?.message ?? "")")
    #expect(page.consoleLines.count < 200)
  }

  @Test func tooManyPendingTimersIsALimit() {
    let page = loadedPage(
      "var refused = 0; for (var i = 0; i < 100000; i++) { try { setTimeout(function () {}, 10 + i); } catch (e) { refused++; } }",
      configuration: limits { $0.maxPendingTimers = 1000 })
    #expect(page.limitViolation?.limit == "pending-timers")
    #expect(page.limitViolation?.message.contains("more than 1000 timers") == true)
  }

  @Test func aFullTraceIsALimitAndDropsLaterEvents() {
    let page = loadedPage(
      "for (var i = 0; i < 5000; i++) alert('a' + i);", configuration: limits { $0.maxTraceEvents = 1000 })
    #expect(page.limitViolation?.limit == "trace-events")
    #expect(page.trace.events.count <= 1002)
    #expect(page.trace.droppedCount > 0)
  }

  @Test func aNavigationFloodIsALimit() {
    let page = loadedPage(
      "for (var i = 0; i < 20000; i++) location.href = 'https://x.test/' + i;",
      configuration: limits { $0.maxPendingTasks = 500 })
    #expect(page.limitViolation?.limit == "pending-tasks")
  }

  @Test(arguments: [
    "queueMicrotask(function f() { queueMicrotask(f); });",
    "Promise.resolve().then(function f() { return Promise.resolve().then(f); });",
    "Promise.reject(1).catch(function f() { return Promise.reject(1).catch(f); });",
  ])
  func microtaskLoopsStopAtTheTimeLimit(script: String) {
    let clock = ContinuousClock()
    let start = clock.now
    // The rejection cap would stop the third loop first; this test is about time.
    let page = loadedPage(script, configuration: limits { $0.maxRejectedPromises = .max })
    #expect(clock.now - start < .seconds(5))
    #expect(page.limitViolation?.limit == "script-time")
    #expect(page.limitViolation?.message.contains("microtasks") == true, "\(page.limitViolation?.message ?? "")")
  }

  @Test func aRejectionFloodStopsAtTheCap() {
    let page = loadedPage(
      "for (var i = 0; i < 1000000; i++) Promise.reject(new Error('r' + i));",
      configuration: limits { $0.maxRejectedPromises = 500 })
    #expect(page.limitViolation?.limit == "rejected-promises")
    #expect(
      page.limitViolation?.message.contains("more than 500 promises") == true, "\(page.limitViolation?.message ?? "")")
    let reported = page.trace.events.filter { $0.name == "unhandled-rejection" }.count
    #expect(reported <= 500, "\(reported) unhandled rejections reported")
  }

  @Test func promiseRejectStillBehavesAsTheEngines() {
    let page = loadedPage(
      """
      console.log(Promise.reject.name + ' ' + Promise.reject.length + ' ' + ('prototype' in Promise.reject));
      class Deferred extends Promise {}
      var rejected = Deferred.reject(new Error('sub'));
      console.log(String(rejected instanceof Deferred));
      rejected.catch(function (e) { console.log('caught ' + e.message); });
      """)
    #expect(page.consoleLines == ["reject 1 false", "true", "caught sub"])
    #expect(page.limitViolation == nil)
  }

  @Test func ordinaryMicrotasksStillRunInOrder() {
    let page = loadedPage(
      """
      Promise.resolve(1).then(function (v) { console.log('then ' + v); });
      queueMicrotask(function () { console.log('queued'); });
      Promise.reject(new Error('no')).catch(function (e) { console.log('caught ' + e.message); }).finally(function () { console.log('finally'); });
      (async function () { await null; console.log('awaited'); })();
      console.log('sync');
      """)
    #expect(page.consoleLines == ["sync", "then 1", "queued", "caught no", "awaited", "finally"])
    #expect(page.limitViolation == nil)
  }

  @Test func readingAValueWhoseGettersTakeTooLongIsATimeLimit() {
    let page = loadedPage(
      """
      var slow = {};
      for (var i = 0; i < 1000; i++) Object.defineProperty(slow, 'k' + i, { enumerable: true,
        get: function () { for (var j = 0; j < 3e6; j++) {} return 1; } });
      """, configuration: limits { _ in })
    let result = page.evaluateNow("slow")
    guard case .failure(let error) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    #expect(error.kind == .timeLimit)
    #expect(
      error.message.contains("reading the value that `slow` returned ran past the time limit of 200 ms"),
      "\(error.message)")
    #expect(page.limitViolation?.limit == "script-time")
  }

  @Test func aValueTooLargeToLeaveThePageIsALimit() {
    let page = loadedPage("var big = new Array(10000000).fill(0);")
    guard case .failure(let error) = page.evaluateNow("big") else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.kind == .sizeLimit)
    #expect(page.limitViolation?.limit == "value-size")
  }

  /// The web view keeps running tasks if asked (a page goes on after a
  /// terminated script); a caller that stops at the first limit, as the
  /// scenario runner does, is done after one termination.
  @Test func aTimerThatLoopsIsStoppedOnceAndRecorded() {
    let page = SimulatedWebView(configuration: limits { _ in })
    let source =
      "function again() { try { setTimeout(again, 0); for (;;) {} } finally { setTimeout(again, 0); } } setTimeout(again, 0);"
    page.load(PageSource(url: "https://app.test/", scripts: [PageScript(name: "page.js", source: source)]))
    let outcome = page.runUntilIdle(shouldStop: { page.limitViolation != nil })
    #expect(outcome == .interrupted)
    #expect(page.trace.events(named: TraceEventName.scriptTerminated).count == 1)
    #expect(page.limitViolation?.limit == "script-time")
    #expect(page.limitViolation?.message.contains("task timer 1") == true, "\(page.limitViolation?.message ?? "")")
  }

  @Test func webAssemblyIsNotInThePageAndUsingItIsALimit() {
    let page = loadedPage("")
    #expect(page.limitViolation == nil)
    #expect(page.value("typeof WebAssembly") == "undefined")
    #expect(page.limitViolation?.limit == "unavailable-feature")
    #expect(page.limitViolation?.message.contains("the page used WebAssembly") == true)
  }
}
