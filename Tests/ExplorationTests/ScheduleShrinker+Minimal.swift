import Testing
import WebViewHosting

@testable import Exploration

@Suite("Shrinking a failing schedule")
struct ScheduleShrinkerTests {
  @Test("keeps exactly the deviations the failure needs, at their smallest failing value")
  func fewestDeviations() {
    let start = (0..<12).map { ScheduleChoice(index: $0 * 3, point: .evaluateLatency, value: 10) }
    // Fails when choices #9 and #21 are both there with at least 3 ms.
    let shrinker = ScheduleShrinker(
      fails: { candidate in
        let needed = candidate.filter { [9, 21].contains($0.index) && $0.value >= 3 }
        return needed.count == 2 ? candidate : nil
      }, budget: 500)
    let shrunk = shrinker.shrink(start)
    #expect(shrunk.map(\.index) == [9, 21])
    #expect(shrunk.map(\.value) == [3, 3])
  }

  @Test("stops at its budget")
  func budget() {
    var runs = 0
    let start = (0..<64).map { ScheduleChoice(index: $0, point: .order, value: 1) }
    let shrinker = ScheduleShrinker(
      fails: { candidate in
        runs += 1
        return candidate.count >= 40 ? candidate : nil
      }, budget: 10)
    let shrunk = shrinker.shrink(start)
    #expect(runs == 10)
    #expect(shrunk.count >= 40)
  }
}
