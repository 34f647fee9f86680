import Testing

@testable import JSRuntime

#if os(Linux)
  import Foundation

  /// Resident set size of this process, in bytes (from /proc/self/statm).
  private func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

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

    @Test func thousandsOfContextsLeaveMemoryFlat() throws {
      try churn(300)  // warm-up: allocator arenas, JIT, shared pools
      let before = residentBytes()
      try churn(3_000)
      let growth = residentBytes() - before
      // A leaked virtual machine costs well over 100 KB, so 3,000 leaks
      // would add hundreds of megabytes. Allow for other tests running
      // in parallel in this process.
      #expect(growth < 64 << 20, "resident memory grew by \(growth >> 20) MiB over 3,000 contexts")
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
