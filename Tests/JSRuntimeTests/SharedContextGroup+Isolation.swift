import JSONModel
import Testing

@testable import JSRuntime

/// Contexts that share their thread's context group (as the pages of a
/// worker do) are still worlds of their own, and a group that a script was
/// terminated in, or whose page passed a limit, is not used again.
@Suite("Shared context group")
struct SharedContextGroupTests {
  private func sharedContext(limit: Duration = .milliseconds(500)) -> ScriptContext {
    ScriptContext(configuration: .init(timeLimit: limit, sharesContextGroup: true))
  }

  @Test func contextsOfOneThreadShareAGroup() throws {
    SharedContextGroup.retireOnThisThread()  // a fresh group, far from its recycling
    let first = sharedContext()
    let serial = try #require(SharedContextGroup.serialOnThisThread)
    first.close()
    let second = sharedContext()
    #expect(SharedContextGroup.serialOnThisThread == serial)
    second.close()
    let own = ScriptContext(configuration: .init(timeLimit: .seconds(1), sharesContextGroup: false))
    #expect(SharedContextGroup.serialOnThisThread == serial, "a context of its own leaves the shared group alone")
    own.close()
  }

  /// Globals, built-ins and their prototypes, pending promises and a
  /// rejection handler of one page are not seen by the next.
  @Test func nothingAPageDoesReachesTheNextPage() throws {
    SharedContextGroup.retireOnThisThread()  // a fresh group, far from its recycling
    let hostile = sharedContext()
    let serial = SharedContextGroup.serialOnThisThread
    var rejections: [String] = []
    hostile.onUnhandledRejection { rejections.append($0.stringValue ?? "?") }
    try hostile.evaluate(
      """
      globalThis.leaked = 'hostile';
      Object.defineProperty(Object.prototype, 'polluted', {value: 1, enumerable: false});
      Array.prototype.push = function () { return 'hijacked'; };
      JSON.parse = function () { return 'hijacked'; };
      Math.random = function () { return 4; };
      globalThis.pending = new Promise(function () {});
      (async function () { await new Promise(function () {}); globalThis.resumed = true; })();
      globalThis.hoard = new Array(100000).fill('held');
      Promise.reject('from the hostile page');
      """)
    #expect(rejections == ["from the hostile page"])
    hostile.close()

    let probe = sharedContext()
    #expect(SharedContextGroup.serialOnThisThread == serial, "the probe runs in the same group")
    var probeRejections: [String] = []
    probe.onUnhandledRejection { probeRejections.append($0.stringValue ?? "?") }
    let seen = try probe.evaluate(
      """
      var seen = [];
      if (typeof leaked !== 'undefined') seen.push('global');
      if ('polluted' in Object.prototype) seen.push('Object.prototype');
      var array = []; array.push(1); if (array.length !== 1) seen.push('Array.prototype.push');
      if (JSON.parse('1') !== 1) seen.push('JSON.parse');
      if (Math.random() === 4) seen.push('Math.random');
      if (typeof pending !== 'undefined' || typeof resumed !== 'undefined') seen.push('promises');
      if (typeof hoard !== 'undefined') seen.push('memory');
      Promise.resolve().then(function () {});
      seen.join(',')
      """
    ).stringValue
    #expect(seen == "")
    #expect(probeRejections.isEmpty, "the hostile page's rejection is not reported again")
    probe.close()
  }

  /// A page that passed a limit (the harness ends its scripts soon) retires
  /// the group: the next context starts a fresh one, with the whole budget.
  @Test func aTerminatedPageRetiresTheGroup() throws {
    let page = sharedContext()
    let serial = try #require(SharedContextGroup.serialOnThisThread)
    page.beginTask()
    page.terminateSoon()
    #expect(throws: ScriptError.self) { try page.evaluate("1") }
    page.close()
    let next = sharedContext()
    let fresh = try #require(SharedContextGroup.serialOnThisThread)
    #expect(fresh != serial)
    next.beginTask()
    #expect(try next.evaluate("var n = 0; for (var i = 0; i < 100000; i++) n += i; n").numberValue == 4_999_950_000)
    next.close()
  }

  @Test func aScriptStoppedAtTheTimeLimitRetiresTheGroup() throws {
    let page = sharedContext(limit: .milliseconds(30))
    let serial = try #require(SharedContextGroup.serialOnThisThread)
    #expect(throws: ScriptError.self) { try page.evaluate("for (;;) {}") }
    page.close()
    let next = sharedContext()
    #expect(SharedContextGroup.serialOnThisThread != serial)
    next.close()
  }

  @Test func retiringOnThisThreadGivesTheNextContextAFreshGroup() throws {
    let page = sharedContext()
    let serial = try #require(SharedContextGroup.serialOnThisThread)
    SharedContextGroup.retireOnThisThread()
    #expect(SharedContextGroup.serialOnThisThread == nil)
    #expect(try page.evaluate("6 * 7").numberValue == 42, "open contexts of a retired group keep working")
    page.close()
    let next = sharedContext()
    #expect(SharedContextGroup.serialOnThisThread != serial)
    next.close()
  }

  /// Values Swift still holds when a page closes do not keep it alive in
  /// the group, and a native function of a closed page calls nothing.
  @Test func closingUnprotectsWhatSwiftStillHolds() throws {
    let page = sharedContext()
    let held = try page.evaluate("({big: new Array(1000).fill('x')})")
    var calls = 0
    let function = page.makeFunction(named: "f") { _ in
      calls += 1
      return nil
    }
    _ = try function.call()
    #expect(calls == 1)
    #expect(page.protectedValueCount > 0)
    page.close()
    #expect(page.protectedValueCount == 0)
    #expect(held.isUndefined)
    #expect(throws: ScriptError.self) { try function.call() }
    #expect(calls == 1)
  }

  @Test func preparedScriptsRunInEveryContextOfTheGroup() throws {
    let script = PreparedScript(
      source: "globalThis.count = (globalThis.count || 0) + 1; count", sourceURL: "prepared.js")
    for _ in 0..<3 {
      let page = sharedContext()
      #expect(try page.evaluate(script).numberValue == 1)
      page.close()
    }
    let broken = PreparedScript(source: "var = ;", sourceURL: "broken.js")
    let page = sharedContext()
    #expect {
      try page.evaluate(broken)
    } throws: { error in
      (error as? ScriptError)?.kind == .syntax
    }
    page.close()
  }
}

#if os(Linux)
  import Foundation

  /// Pages sharing a group must not keep each other alive: every page sets
  /// an unhandled-rejection callback (the engine holds it as a root) and
  /// native functions, holds values Swift keeps past its close, and
  /// allocates. A page kept alive costs over 200 KB, so 2,000 of them would
  /// add hundreds of megabytes.
  @Suite("Shared context group memory")
  struct SharedContextGroupMemoryTests {
    private func residentBytes() -> Int? {
      let fd = open("/proc/self/statm", O_RDONLY)
      guard fd >= 0 else { return nil }
      defer { close(fd) }
      var bytes = [UInt8](repeating: 0, count: 256)
      let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      let fields = String(decoding: bytes[0..<count], as: UTF8.self).split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private func churn(_ count: Int, holding held: inout [ScriptValue]) throws {
      for _ in 0..<count {
        let page = ScriptContext(configuration: .init(timeLimit: .seconds(1), sharesContextGroup: true))
        page.onUnhandledRejection { _ in }
        let sink = page.makeFunction(named: "sink") { call in call[0] }
        try page.globalObject.setProperty("sink", sink)
        let value = try page.evaluate(
          "var kept = []; for (var i = 0; i < 2000; i++) kept.push({i: i, s: 'x' + i}); sink(kept)")
        held = [value]  // Swift still holds a value of the page when it closes
        page.close()
      }
    }

    @Test func thousandsOfSharedPagesLeaveMemoryFlat() throws {
      try #require(residentBytes() != nil, "/proc/self/statm cannot be read: memory cannot be measured")
      var held: [ScriptValue] = []
      try churn(300, holding: &held)  // warm-up
      var samples: [Int] = []
      for _ in 0..<4 {
        try churn(500, holding: &held)
        samples.append(try #require(residentBytes()))
      }
      let growth = residentGrowth(samples)  // the later rounds' low against the earlier rounds' low
      let megabytes = samples.map { String($0 >> 20) }.joined(separator: ", ")
      #expect(
        growth < 48 << 20,
        "resident memory grew by \(growth >> 20) MiB over 1,500 pages (MiB after each round: \(megabytes))")
    }
  }
#endif
