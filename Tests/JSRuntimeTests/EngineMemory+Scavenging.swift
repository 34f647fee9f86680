import Testing

@testable import JSRuntime

/// The engine keeps freed memory for reuse instead of decommitting it every
/// 100 ms, and hands it back when a thread's shared context group is
/// destroyed (`EngineMemory`).
@Suite("Engine memory")
struct EngineMemoryTests {
  #if os(Linux)
    @Test func theEngineExportsBothSwitches() {
      // Without them the background scavenger keeps running: correct, but
      // the cost `EngineMemory` removes comes back.
      #expect(EngineMemory.entryPointsFound)
    }

    @Test func memoryOfADestroyedSharedGroupGoesBackToTheSystem() throws {
      let size = 256 << 20
      SharedContextGroup.retireOnThisThread()
      let page = ScriptContext(configuration: .init(timeLimit: .seconds(5), sharesContextGroup: true))
      try page.evaluate("var kept = new Float64Array(\(size / 8)); kept.fill(1.5); kept.length")
      let peak = try #require(EngineMemory.residentBytes())
      page.close()
      SharedContextGroup.retireOnThisThread()
      // The next shared context releases the retired group: its engine is
      // destroyed and its memory handed back.
      ScriptContext(configuration: .init(timeLimit: .seconds(1), sharesContextGroup: true)).close()
      let fallen = peak - (try #require(EngineMemory.residentBytes()))
      #expect(fallen >= size / 2, "resident memory fell by \(fallen >> 20) MiB after a page of 256 MiB ended")
    }
  #endif
}
