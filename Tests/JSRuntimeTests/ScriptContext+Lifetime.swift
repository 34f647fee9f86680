import Testing

@testable import JSRuntime

#if os(Linux)
  import Foundation

  /// Resident set size of this process, in bytes (from /proc/self/statm),
  /// or nil when it cannot be read.
  private func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// A weak reference, to see whether something was deallocated.
  private struct Weak<T: AnyObject> {
    weak var object: T?
  }

  /// Something a native function's closure holds, to see the closure freed.
  private final class Sentinel {}

  @Suite("Context lifetime")
  struct ScriptContextLifetimeTests {
    /// Creates and closes a context that did some work and holds native
    /// functions, values and a closure cycle through itself.
    private func churn(_ count: Int) throws {
      for _ in 0..<count {
        let context = ScriptContext()
        let sink = context.makeFunction(named: "sink") { call in
          _ = try call.context.globalObject.property("kept")
          return call[0]
        }
        try context.globalObject.setProperty("sink", sink)
        let kept = try context.evaluate(
          "var kept = []; for (var i = 0; i < 200; i++) kept.push({i: i, s: 'x' + i}); sink(kept)")
        _ = try kept.toJSON()
        context.close()
      }
    }

    /// Every context, every native function and whatever its closure
    /// holds is deallocated, whether the context was closed or only dropped
    /// (with a cycle inside JavaScript and values still referring to it).
    @Test func closedAndDroppedContextsReleaseEverything() throws {
      var contexts: [Weak<ScriptContext>] = []
      var sentinels: [Weak<Sentinel>] = []
      for index in 0..<200 {
        let context = ScriptContext()
        let sentinel = Sentinel()
        let function = context.makeFunction(named: "f") { call in
          _ = sentinel
          return call[0]
        }
        try context.globalObject.setProperty("f", function)
        _ = try context.evaluate("var cycle = {f: f}; cycle.self = cycle; f(cycle)")
        contexts.append(Weak(object: context))
        sentinels.append(Weak(object: sentinel))
        if index % 2 == 0 { context.close() }
      }
      #expect(contexts.filter { $0.object != nil }.count == 0, "contexts still alive")
      #expect(sentinels.filter { $0.object != nil }.count == 0, "native function closures still alive")
    }

    /// The engine's own memory: after a warm-up, resident memory levels off
    /// while thousands of contexts come and go. A leaked virtual machine
    /// costs well over 100 KB, so 2,250 leaks would add hundreds of
    /// megabytes; the allowance is for other tests running in this process.
    @Test func thousandsOfContextsLeaveMemoryFlat() throws {
      try #require(residentBytes() != nil, "/proc/self/statm cannot be read: memory cannot be measured")
      try churn(500)  // warm-up: allocator arenas, JIT, shared pools
      var samples: [Int] = []
      for _ in 0..<4 {
        try churn(750)
        samples.append(try #require(residentBytes()))
      }
      let growth = residentGrowth(samples)  // the later rounds' low against the earlier rounds' low
      let megabytes = samples.map { String($0 >> 20) }.joined(separator: ", ")
      #expect(
        growth < 32 << 20,
        "resident memory grew by \(growth >> 20) MiB over 2,250 contexts (MiB after each round: \(megabytes))")
    }

    @Test func valuesOutlivingTheirContextAreInert() throws {
      var value: ScriptValue?
      do {
        let context = ScriptContext()
        value = try context.evaluate("({a: 1})")
        context.close()
      }
      #expect(value?.isUndefined == true)
      #expect(throws: ScriptError.self) { try value?.toJSON() }
    }
  }
#endif
