import Testing
import WebViewHosting

@testable import PageSimulation

@Suite("Scheduler on virtual time")
struct PageSchedulerTests {
  @Test func runsTasksInDueOrderThenFIFO() {
    let scheduler = PageScheduler()
    var ran: [String] = []
    scheduler.schedule(after: 10, kind: .page, label: "b") { ran.append("b@\(scheduler.now.milliseconds)") }
    scheduler.schedule(after: 0, kind: .host, label: "a") { ran.append("a@\(scheduler.now.milliseconds)") }
    scheduler.schedule(after: 10, kind: .page, label: "c") { ran.append("c@\(scheduler.now.milliseconds)") }
    scheduler.schedule(after: 5, kind: .page, label: "d") { ran.append("d@\(scheduler.now.milliseconds)") }
    #expect(scheduler.runUntilIdle() == .idle)
    #expect(ran == ["a@0", "d@5", "b@10", "c@10"])
    #expect(scheduler.now.milliseconds == 10)
  }

  @Test func cancelledTasksDoNotRun() {
    let scheduler = PageScheduler()
    var ran = false
    let id = scheduler.schedule(kind: .page, label: "x") { ran = true }
    #expect(scheduler.cancel(id))
    #expect(!scheduler.cancel(id))
    _ = scheduler.runUntilIdle()
    #expect(!ran)
  }

  @Test func budgetsStopEndlessWork() {
    let scheduler = PageScheduler()
    func rearm() { scheduler.schedule(after: 1, kind: .page, label: "again") { rearm() } }
    rearm()
    #expect(scheduler.runUntilIdle(maxTasks: 50) == .taskBudgetExhausted)
    #expect(scheduler.tasksRun == 50)
    #expect(scheduler.runUntilIdle(maxTime: VirtualTime(milliseconds: 80)) == .timeBudgetExhausted)
    #expect(scheduler.now.milliseconds == 80)
  }

  @Test func advanceMovesTheClockExactly() {
    let scheduler = PageScheduler()
    var ran: [Int64] = []
    scheduler.schedule(after: 30, kind: .page, label: "t") { ran.append(scheduler.now.milliseconds) }
    #expect(scheduler.advance(by: 20) == .idle)
    #expect(ran.isEmpty && scheduler.now.milliseconds == 20)
    _ = scheduler.advance(by: 20)
    #expect(ran == [30] && scheduler.now.milliseconds == 40)
  }

  @Test func policyChoosesAmongTasksDueTogether() {
    struct LastFirst: SchedulingPolicy {
      mutating func choose(among candidates: [ReadyTask]) -> Int { candidates.count - 1 }
    }
    let scheduler = PageScheduler(policy: LastFirst())
    var ran: [String] = []
    for label in ["a", "b", "c"] { scheduler.schedule(kind: .page, label: label) { ran.append(label) } }
    scheduler.schedule(after: 1, kind: .page, label: "later") { ran.append("later") }
    _ = scheduler.runUntilIdle()
    #expect(ran == ["c", "b", "a", "later"])
  }

  @Test func aLoneDueTaskRunsWithoutAskingThePolicy() {
    final class Counting: SchedulingPolicy {
      var asked: [[String]] = []
      func choose(among candidates: [ReadyTask]) -> Int {
        asked.append(candidates.map(\.label))
        return 0
      }
    }
    let policy = Counting()
    let scheduler = PageScheduler(policy: policy)
    var ran: [String] = []
    for label in ["a", "b"] { scheduler.schedule(kind: .page, label: label) { ran.append(label) } }
    scheduler.schedule(after: 1, kind: .page, label: "later") { ran.append("later") }
    _ = scheduler.runUntilIdle()
    #expect(ran == ["a", "b", "later"])
    #expect(policy.asked == [["a", "b"]])
  }
}
