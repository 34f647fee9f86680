import Testing

@testable import JSRuntime

@Suite("Time limit, stack overflow and memory exhaustion")
struct ScriptContextLimitTests {
  @Test func infiniteLoopIsStoppedAndTheContextStaysUsable() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .milliseconds(100)))
    let clock = ContinuousClock()
    let start = clock.now
    let error = try #require(throws: ScriptError.self) { try context.evaluate("while (true) {}") }
    let elapsed = clock.now - start
    #expect(error.kind == .timeLimit)
    // Far below "forever", with room for a CI machine that preempts the thread.
    #expect(elapsed < .seconds(2), "the loop ran for \(elapsed)")
    #expect(try context.evaluate("6 * 7").numberValue == 42)
  }

  @Test func everyTopLevelEntryGetsItsOwnBudget() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .milliseconds(200)))
    let spin = try context.evaluate(
      "(function () { var end = Date.now() + 60; while (Date.now() < end) {} return 1; })")
    // Four calls of 60 ms each: together past the limit, each well within it
    // (140 ms to spare for a busy machine that preempts the thread).
    for _ in 0..<4 { #expect(try spin.call().numberValue == 1) }
  }

  @Test func loopInsideACallbackIsStoppedToo() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .milliseconds(100)))
    let callback = try context.evaluate("(function () { for (;;) {} })")
    let error = try #require(throws: ScriptError.self) { try callback.call() }
    #expect(error.kind == .timeLimit)
    #expect(try context.evaluate("'alive'").stringValue == "alive")
  }

  @Test func uncatchableByTheScript() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .milliseconds(100)))
    let error = try #require(throws: ScriptError.self) {
      try context.evaluate("for (;;) { try { while (true) {} } catch (e) {} }")
    }
    #expect(error.kind == .timeLimit)
  }

  @Test func stackOverflowIsReported() throws {
    let context = ScriptContext()
    let error = try #require(throws: ScriptError.self) {
      try context.evaluate("function down() { return down() + 1; } down();")
    }
    #expect(error.kind == .stackOverflow)
    #expect(try context.evaluate("1").numberValue == 1)
  }

  @Test func outOfMemoryIsReported() throws {
    let context = ScriptContext()
    let error = try #require(throws: ScriptError.self) { try context.evaluate("'x'.repeat(2 ** 31)") }
    #expect(error.kind == .outOfMemory)
    #expect(try context.evaluate("1").numberValue == 1)
  }

  @Test func noLimitMeansNoWatchdog() throws {
    let context = ScriptContext(configuration: .init(timeLimit: nil))
    #expect(try context.evaluate("var n = 0; for (var i = 0; i < 1e6; i++) n += i; n").numberValue == 499_999_500_000)
  }
}
