import JSONModel
import JSRuntime
import Testing
import WebViewHosting

@testable import PageSimulation

/// The simulated page's containment holds inside its workers: a worker that
/// loops, floods or allocates passes a limit of the page, as the page's own
/// code would, and the harness goes on.
@Suite("Limits of the simulated page, in workers")
struct PageWorkerLimitTests {
  private func page(_ script: String, _ configure: (inout PageLimits) -> Void = { _ in }) -> SimulatedWebView {
    var configuration = PageConfiguration(scriptTimeLimit: .milliseconds(200))
    configure(&configuration.limits)
    return loadedPage(SimulatedPageWorkerTests.helpers + script, configuration: configuration)
  }

  @Test(arguments: [
    ("for (;;) {}", "at load"),
    ("self.onmessage = function () { for (;;) {} };", "in a message handler"),
    ("setTimeout(function () { for (;;) {} }, 5);", "in a timer"),
    ("queueMicrotask(function f() { queueMicrotask(f); });", "in microtasks"),
  ])
  func anEndlessLoopInAWorkerIsStoppedAtTheTimeLimit(source: String, where: String) {
    let clock = ContinuousClock()
    let start = clock.now
    let page = page("var w = worker(\(JSONValue.string(source).serialized())); w.postMessage(1);")
    // Stopped, not hanging (a bound far above the time limit: the machine may be busy).
    #expect(clock.now - start < .seconds(30), "\(`where`)")
    #expect(page.limitViolation?.limit == "script-time", "\(`where`)")
    let terminated = page.trace.events(named: TraceEventName.scriptTerminated).first
    #expect(
      terminated?["task"]?.stringValue?.hasPrefix("worker 1") == true,
      "\(`where`): \(terminated.map(\.description) ?? "none")")
  }

  /// 600 timers in the page and 500 in a worker: neither alone passes the
  /// limit of 1000, together they do.
  @Test func aWorkersTimersCountWithThePagesTimers() {
    let page = page(
      "for (var i = 0; i < 600; i++) setTimeout(function () {}, 100000); worker('for (var i = 0; i < 500; i++) setTimeout(function () {}, 100000 + i);');",
      { $0.maxPendingTimers = 1000 })
    #expect(page.limitViolation?.limit == "pending-timers")
  }

  @Test func aMessageFloodIsALimit() {
    let page = page(
      "var w = worker('self.onmessage = function () { for (;;) postMessage(1); };'); w.postMessage(0);",
      { $0.maxPendingTasks = 2000 })
    #expect(page.limitViolation?.limit == "pending-tasks")
  }

  @Test func aMessageFloodFromThePageIsALimit() {
    let page = page("var w = worker(''); for (;;) w.postMessage('x');", { $0.maxPendingTasks = 2000 })
    #expect(page.limitViolation?.limit == "pending-tasks")
  }

  @Test func aWorkerFloodIsALimit() {
    let page = page("for (var i = 0; i < 1000; i++) worker('');", { $0.maxWorkers = 10 })
    #expect(page.limitViolation?.limit == "workers")
    #expect(page.trace.events(named: TraceEventName.workerCreated).count == 10)
  }

  /// WebKit's workers can start workers; the simulated page's cannot, and says so.
  @Test func aWorkerReachingForWorkerIsNotedAsMissing() {
    let page = page("var w = worker('postMessage(typeof Worker)'); w.onmessage = function (e) { seen.push(e.data); };")
    #expect(page.value("seen.join()") == "undefined")
    let note = page.trace.events(named: TraceEventName.pageAPIMissing).first
    #expect(note?["api"] == "self.Worker")
    #expect(note?["worker"] == 1)
  }

  @Test func aConsoleFloodInAWorkerIsAConsoleLimit() {
    let page = page("worker('for (;;) console.log(\"y\".repeat(1000));');", { $0.consoleTotalBytes = 100_000 })
    #expect(page.limitViolation?.limit == "console-output")
  }

  @Test func aHugeMessageIsAValueSizeLimit() {
    let page = page(
      "var w = worker('self.onmessage = function () { postMessage(\"x\".repeat(40 << 20)); };'); w.postMessage(0);")
    #expect(page.limitViolation?.limit == "value-size")
  }

  @Test func aMemoryBombInAWorkerEndsInAnErrorOfTheWorker() {
    let page = page(
      """
      var w = worker("var s = 'x'; for (;;) s += s;");
      w.onerror = function (e) { seen.push(e.message); };
      """)
    let seen = page.value("seen.join('|')")?.stringValue ?? ""
    #expect(seen.contains("Out of memory") || page.limitViolation != nil, "\(seen)")
  }

  @Test func aWorkerTerminatedMidFloodStopsCleanly() {
    let page = page(
      """
      var w = worker("self.onmessage = function () { setInterval(function () { postMessage('tick'); }, 1); };");
      var ticks = 0;
      w.onmessage = function () { if (++ticks === 20) w.terminate(); };
      w.postMessage(0);
      """)
    #expect(page.value("ticks") == 20)
    #expect(page.limitViolation == nil)
  }
}
