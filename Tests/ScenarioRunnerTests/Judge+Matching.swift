import JSONModel
import Testing
import WebViewHosting

@testable import ScenarioRunner

@Suite("Judging traces")
struct JudgeMatchingTests {
  private func event(_ sequence: Int, _ name: String, _ fields: JSONObject) -> TraceEvent {
    TraceEvent(sequence: sequence, time: .zero, source: .page, name: name, fields: fields)
  }

  private func judge(_ expectJSON: String, _ trace: [TraceEvent]) throws -> Verdict {
    let fixture = try fixture(
      """
      {"id": "data/j", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
       "steps": [{"action": "page.call", "handler": "h", "callback": "c1"}],
       "expect": \(expectJSON)}
      """)
    return Judge(fixture: fixture, trace: trace).verdict()
  }

  let trace: [TraceEvent] = [
    TraceEvent(sequence: 0, time: .zero, source: .page, name: "page-callback-invoked", fields: ["label": "c1"]),
    TraceEvent(
      sequence: 1, time: .zero, source: .native, name: "native-handler-invoked",
      fields: ["handler": "h", "data": ["a": [1, "x"]]]),
    TraceEvent(
      sequence: 2, time: .zero, source: .page, name: "console", fields: ["level": "log", "text": "cb_12_1767225600000"]),
  ]

  @Test func matchersWork() throws {
    #expect(
      try judge(
        #"{"events": [{"event": "page-callback-invoked", "label": "c1", "data": {"$undefined": true}}]}"#, trace
      ).status == .pass)
    #expect(try judge(#"{"events": [{"event": "page-callback-invoked", "data": null}]}"#, trace).status == .fail)
    #expect(
      try judge(
        #"{"events": [{"event": "native-handler-invoked", "data": {"a": [{"$type": "number"}, {"$any": true}]}}]}"#,
        trace
      ).status == .pass)
    #expect(try judge(#"{"events": [{"event": "native-handler-invoked", "data": {"a": [1]}}]}"#, trace).status == .fail)
    #expect(
      try judge(#"{"events": [{"event": "console", "text": {"$regex": "^cb_[0-9]+_[0-9]+$"}}]}"#, trace).status == .pass
    )
    #expect(try judge(#"{"events": [{"event": "console", "text": {"$contains": "_1767"}}]}"#, trace).status == .pass)
  }

  @Test func orderAbsenceAndCounts() throws {
    let inOrder = #"{"events": [{"event": "page-callback-invoked"}, {"event": "console"}]}"#
    let reversed = #"{"events": [{"event": "console"}, {"event": "page-callback-invoked"}]}"#
    let unordered = #"{"events": [{"event": "console"}, {"event": "page-callback-invoked"}], "ordered": false}"#
    #expect(try judge(inOrder, trace).status == .pass)
    let outOfOrder = try judge(reversed, trace)
    #expect(outOfOrder.status == .fail)
    #expect(outOfOrder.message?.contains("out of order") == true)
    #expect(try judge(unordered, trace).status == .pass)
    #expect(try judge(#"{"absent": [{"event": "console", "level": "error"}]}"#, trace).status == .pass)
    #expect(try judge(#"{"absent": [{"event": "console"}]}"#, trace).status == .fail)
    #expect(try judge(#"{"counts": [{"event": "page-callback-invoked", "$count": 1}]}"#, trace).status == .pass)
    let tooMany = try judge(#"{"counts": [{"event": "page-callback-invoked", "$max": 0}]}"#, trace)
    #expect(tooMany.message?.contains("expected exactly 0 events") == true)
  }

  @Test(
    "an anyOrder group: any order among its events, each its own event, all after the entry before and before the entry after"
  )
  func anyOrderGroups() throws {
    let trace = [
      event(0, "console", ["text": "start"]),
      event(1, "console", ["text": "b"]),
      event(2, "console", ["text": "a"]),
      event(3, "console", ["text": "end"]),
    ]
    let group = #"{"anyOrder": [{"event": "console", "text": "a"}, {"event": "console", "text": "b"}]}"#
    let start = #"{"event": "console", "text": "start"}"#
    let end = #"{"event": "console", "text": "end"}"#
    #expect(try judge(#"{"events": [\#(start), \#(group), \#(end)]}"#, trace).status == .pass)
    // Written in the other order, a plain list fails: the group is what allows it.
    let plain = #"{"events": [{"event": "console", "text": "a"}, {"event": "console", "text": "b"}]}"#
    #expect(try judge(plain, trace).status == .fail)
    // The group still comes after the entry before it, and before the entry after it.
    let late = try judge(#"{"events": [\#(end), \#(group)]}"#, trace)
    #expect(late.status == .fail)
    #expect(
      late.message?.hasPrefix(
        "expected event 2 of 3 (one of 2 in any order) did not happen after the previous expected event (trace #3)")
        == true)
    #expect(late.checks == ["/expect/events/1/anyOrder/0", "/expect/events/1/anyOrder/1"])
    let early = try judge(#"{"events": [\#(group), \#(start)]}"#, trace)
    #expect(early.status == .fail)
    #expect(early.checks == ["/expect/events/1"])
    // Each pattern of a group takes an event of its own.
    let twice = #"{"events": [{"anyOrder": [{"event": "console", "text": "a"}, {"event": "console", "text": "a"}]}]}"#
    #expect(try judge(twice, trace).status == .fail)
    #expect(try judge(twice, trace + [event(4, "console", ["text": "a"])]).status == .pass)
    // With "ordered": false the group is a plain part of the set.
    #expect(try judge(#"{"events": [\#(end), \#(group)], "ordered": false}"#, trace).status == .pass)
  }

  @Test("a bad anyOrder group is a fixture problem with its pointer")
  func badAnyOrderGroups() throws {
    func problems(_ events: String) -> [FixtureProblem] {
      do {
        _ = try fixture(
          """
          {"id": "data/j", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
           "steps": [{"action": "settle"}], "expect": {"events": \(events)}}
          """)
        return []
      } catch let failure as FixtureLoadFailure {
        return failure.problems
      } catch {
        return []
      }
    }
    let single = problems(#"[{"anyOrder": [{"event": "console"}]}]"#)
    #expect(single.map(\.code) == ["bad-any-order"])
    #expect(single.first?.pointer.description == "/expect/events/0/anyOrder")
    let extra = problems(
      #"[{"event": "console"}, {"anyOrder": [{"event": "console"}, {"event": "console"}], "ordered": true}]"#)
    #expect(extra.map(\.code) == ["unknown-field"])
    #expect(extra.first?.pointer.description == "/expect/events/1/ordered")
    let member = problems(#"[{"anyOrder": [{"event": "console"}, {"label": "x"}]}]"#)
    #expect(member.first?.pointer.description == "/expect/events/0/anyOrder/1/event")
  }

  @Test func invariantsComeBeforeExpectations() throws {
    let crash = trace + [event(3, "uncaught-exception", ["message": "boom", "name": "TypeError"])]
    let verdict = try judge(#"{"events": []}"#, crash)
    #expect(verdict.message?.hasPrefix("invariant no-uncaught-exception") == true)
    let scripted =
      trace + [event(3, "uncaught-exception", ["message": .string(HarnessPageScript.scriptedThrowMarker + " x")])]
    #expect(try judge(#"{"events": []}"#, scripted).status == .pass)
    let twice = trace + [event(3, "page-callback-invoked", ["label": "c1"])]
    #expect(try judge(#"{"events": []}"#, twice).message?.contains("no-duplicate-callback") == true)
    let raw =
      trace + [
        TraceEvent(sequence: 3, time: .zero, source: .host, name: "evaluate", fields: ["script": "f('\u{2028}')"])
      ]
    #expect(try judge(#"{"events": []}"#, raw).message?.contains("U+2028") == true)
    let userScript =
      trace + [
        TraceEvent(
          sequence: 3, time: .zero, source: .host, name: "user-script-added",
          fields: ["name": "bridge.js", "injectionTime": "document-start", "length": 40, "rawLineSeparators": 1])
      ]
    let rawUserScript = try judge(#"{"events": []}"#, userScript)
    #expect(rawUserScript.status == .fail)
    #expect(rawUserScript.message?.contains("user script (bridge.js)") == true)
    let cleanUserScript =
      trace + [
        TraceEvent(
          sequence: 3, time: .zero, source: .host, name: "user-script-added",
          fields: ["name": "bridge.js", "injectionTime": "document-start", "length": 40])
      ]
    #expect(try judge(#"{"events": []}"#, cleanUserScript).status == .pass)
    let hang = trace + [event(3, "script-terminated", ["reason": "time-limit", "task": "timer 1"])]
    #expect(try judge(#"{"events": []}"#, hang).status == .error)
  }
}
