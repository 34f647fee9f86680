import JSONModel
import Testing

@testable import JSRuntime

/// The bounds a context keeps on untrusted code beyond the watchdog: one time
/// budget per task, however many entries the task makes, and caps on what
/// leaves the engine.
@Suite("Task budgets and boundary caps")
struct ScriptContextBoundsTests {
  private let spinner = "(function (ms) { var end = Date.now() + ms; while (Date.now() < end) {} return 1; })"

  @Test func entriesOfOneTaskShareItsBudget() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .milliseconds(200)))
    let spin = try context.evaluate(spinner)
    // Counted work, so that it costs CPU time (what the budget counts) even on
    // a machine that preempts the thread.
    let work = try context.evaluate("(function (n) { var x = 0; for (var i = 0; i < n; i++) x += i; return x; })")
    context.beginTask()
    // Each call stays well under the limit; together they pass it.
    var stopped: ScriptError?
    for _ in 0..<2_000 {
      do { _ = try work.call([context.number(1e6)]) } catch {
        stopped = error
        break
      }
    }
    #expect(stopped?.kind == .timeLimit)
    // Once spent, every entry of the task is refused at once.
    let refused = try #require(throws: ScriptError.self) { try context.evaluate("1") }
    #expect(refused.kind == .timeLimit)
    #expect(refused.message.contains("task used its time limit"), "\(refused.message)")
    // A new task has the whole budget again; outside a task each entry has its own.
    context.beginTask()
    #expect(try context.evaluate("2").numberValue == 2)
    context.endTask()
    for _ in 0..<4 { #expect(try spin.call([context.number(60)]).numberValue == 1) }
  }

  @Test func gettersReadOneByOneCountAgainstTheTask() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .milliseconds(200)))
    let value = try context.evaluate(
      """
      var reads = 0;
      var o = {};
      for (var i = 0; i < 200; i++) Object.defineProperty(o, 'k' + i, {
        enumerable: true, get: function () { reads++; var end = Date.now() + 30; while (Date.now() < end) {} return 1; } });
      o
      """)
    context.beginTask()
    let error = try #require(throws: ScriptError.self) { try value.toJSON() }
    #expect(error.kind == .timeLimit)
    context.endTask()
    // 200 reads of 30 ms each would take 6 s; the task stops near its 200 ms,
    // a handful of reads in. Counted, not timed: a loaded machine slows both.
    let reads = try #require(try context.evaluate("reads").numberValue)
    #expect(reads < 100, "\(reads) getters ran")
  }

  @Test func aProxyTrapIsReadInsideTheBudget() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .milliseconds(100)))
    let value = try context.evaluate("new Proxy({ a: 1 }, { get: function () { for (;;) {} } })")
    context.beginTask()
    let error = try #require(throws: ScriptError.self) { try value.toJSON() }
    #expect(error.kind == .timeLimit)
  }

  @Test func checkTimeBudgetStopsWorkTheWatchdogCannotSee() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .milliseconds(100)))
    var checks = 0
    let checkpoint = context.makeFunction(named: "checkpoint") { call in
      checks += 1
      try call.context.checkTimeBudget()
      return nil
    }
    try context.globalObject.setProperty("checkpoint", checkpoint)
    context.beginTask()
    // Every microtask is a fresh entry for the watchdog: only the checkpoint stops the loop.
    try context.evaluate("Promise.resolve().then(function f() { checkpoint(); return Promise.resolve().then(f); })")
    #expect(checks > 1)
    #expect(context.isTaskBudgetExhausted)
  }

  @Test func aStringOverTheLimitIsRefusedBeforeItIsCopied() throws {
    let context = ScriptContext(configuration: .init(maxStringLength: 1_000))
    let error = try #require(throws: ScriptError.self) { try context.evaluate("'x'.repeat(1001)").toJSON() }
    #expect(error.kind == .sizeLimit)
    #expect(error.message.contains("1001 UTF-16 units"), "\(error.message)")
    let cut = try #require(try context.evaluate("'ab'.repeat(1000)").stringValue(maxLength: 5))
    #expect(cut.text == "ababa" && cut.omitted == 1995)
    #expect(try context.evaluate("'x'.repeat(1000)").toJSON() == .string(String(repeating: "x", count: 1000)))
  }

  @Test func aHugeArrayIsRefusedBeforeItIsRead() throws {
    let context = ScriptContext()
    let clock = ContinuousClock()
    let value = try context.evaluate("new Array(10000000).fill(0)")
    let start = clock.now
    let error = try #require(throws: ScriptError.self) { try value.toJSON() }
    #expect(error.kind == .sizeLimit)
    // Reading ten million values one by one takes seconds; refusing at the length, microseconds.
    #expect(clock.now - start < .seconds(1), "stopped at the length, not after reading")
  }

  @Test func tooManyKeysAreRefused() throws {
    let context = ScriptContext(configuration: .init(maxConversionSize: 64 << 10))
    let value = try context.evaluate("var o = {}; for (var i = 0; i < 10000; i++) o['k' + i] = i; o")
    let error = try #require(throws: ScriptError.self) { try value.toJSON() }
    #expect(error.kind == .sizeLimit)
  }

  @Test func payloadsOfOneAndTenMegabytesStillCross() throws {
    let context = ScriptContext()
    for megabytes in [1, 10] {
      let value = try context.evaluate("[{ data: 'x'.repeat(\(megabytes) * 1000 * 1000) }]")
      let json = try value.toJSON()
      #expect(json?[0]?["data"]?.stringValue?.utf8.count == megabytes * 1_000_000)
    }
  }

  /// A WebAssembly loop escapes the watchdog, so there is no WebAssembly.
  @Test func webAssemblyIsNotAvailable() throws {
    #expect(try ScriptContext().evaluate("typeof WebAssembly").stringValue == "undefined")
  }

  @Test func aHugeErrorMessageIsCut() throws {
    let context = ScriptContext()
    let error = try #require(throws: ScriptError.self) { try context.evaluate("throw new Error('e'.repeat(5e6))") }
    #expect(error.message.utf8.count < 20_000)
    #expect(error.message.hasSuffix("more characters cut]"))
  }

  @Test func byteCountsReadWell() {
    #expect(ByteCount(64 << 20).description == "64 MiB")
    #expect(ByteCount(1536).description == "1.5 KiB")
    #expect(ByteCount(12).description == "12 bytes")
  }
}
