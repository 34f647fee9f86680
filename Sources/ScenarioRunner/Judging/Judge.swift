import JSONModel
import PageSimulation
import WebViewHosting

/// Judges a finished scenario's trace: first what makes it unjudgeable
/// (hangs), then the built-in invariants, then the fixture's expectations.
/// The first problem found is the verdict.
struct Judge {
  let fixture: Fixture
  let trace: [TraceEvent]
  /// The values the fixture's captures bound in the trace.
  let captures: [String: JSONValue]

  /// A judge of `trace`, which holds the derived wire events (if any) after
  /// the recorded ones.
  init(fixture: Fixture, trace: [TraceEvent]) {
    self.fixture = fixture
    self.trace = trace
    captures = fixture.captures.isEmpty ? [:] : CaptureSubstitution.bindings(fixture.captures, in: trace)
  }

  /// The verdict, with every failing check listed (the one the message is
  /// about first), so an expectations entry can tell a new failure in a
  /// scenario that already fails.
  func verdict() -> Verdict {
    var verdict = firstProblem()
    guard verdict.status == .fail else { return verdict }
    for check in failingChecks() where !verdict.checks.contains(check) { verdict.checks.append(check) }
    return verdict
  }

  private func firstProblem() -> Verdict {
    if let hang = trace.first(where: { $0.name == TraceEventName.scriptTerminated }) {
      return .error(
        "a script ran past the time limit and was stopped (task \(hang["task"]?.stringValue ?? "?")): the bridge hangs",
        detail: FailureDetail(expectation: "scripts finish", pointer: nil, closest: hang, focus: hang.sequence),
        check: CheckID.scriptTimeout)
    }
    if let inexpressible = trace.first(where: { $0.name == HarnessPageScript.inexpressibleEvent }) {
      // The page's own code asked for what the dialect cannot carry.
      return Verdict(
        status: .skip, message: inexpressible["reason"]?.stringValue ?? "the dialect cannot express the scenario")
    }
    if let harness = trace.first(where: { $0.name == "harness-error" }) {
      // Without a page bridge to drive, nothing else can be judged.
      var message = harness["message"]?.stringValue ?? "the harness could not drive the page bridge"
      if let thrown = trace.first(where: { $0.name == TraceEventName.uncaughtException || Self.isFailedEvaluation($0) })
      {
        let error = thrown["error"]?.objectValue ?? thrown.fields
        if let missing = MissingPageAPI.diagnose(
          name: error["name"]?.stringValue, message: error["message"]?.stringValue ?? "")
        {
          message = "\(missing.explanation) (\(Self.describeError(error, explained: false))); then: " + message
        } else {
          message += "; first page error: " + Self.describeError(error)
        }
      }
      return .error(
        message,
        detail: FailureDetail(
          expectation: "the page bridge is usable", pointer: nil, closest: harness, focus: harness.sequence),
        check: CheckID.pageBridgeUnusable)
    }
    if let thrown = trace.first(where: Self.isThrownByHarness) {
      // The harness's own page code threw (not the page bridge): nothing the
      // bridge did can be judged from here on.
      return .error(
        "the harness's own page code threw \(Self.describeError(thrown.fields)): the page changed something the harness "
          + "relies on (docs/protocol.md#what-the-harness-relies-on), or this is a bridgecheck bug",
        detail: FailureDetail(
          expectation: "the harness drives the page bridge", pointer: nil, closest: thrown, focus: thrown.sequence),
        check: CheckID.pageBridgeUnusable)
    }
    for invariant in Invariant.allCases where !fixture.allow.contains(invariant) {
      if let verdict = check(invariant) { return verdict }
    }
    return expectations() ?? .pass
  }

  // MARK: - Invariants

  private func check(_ invariant: Invariant) -> Verdict? {
    switch invariant {
    case .noUncaughtException:
      let uncaught = trace.first { event in
        event.name == TraceEventName.uncaughtException
          && event["message"]?.stringValue?.contains(HarnessPageScript.scriptedThrowMarker) != true
      }
      return uncaught.map { event in
        invariantFailure(
          invariant, "an exception escaped page code: \(Self.describeError(event.fields))", event)
      }
    case .noUnhandledRejection:
      // A fixture's deliberate throw in a callback that a Promise runs (the `promise` page-call
      // shape) rejects the Promise `then` returns: the fixture's throw, not the bridge's.
      let unhandled = trace.first { event in
        event.name == TraceEventName.unhandledRejection
          && event["reason"]?.stringValue?.contains(HarnessPageScript.scriptedThrowMarker) != true
      }
      return unhandled.map { event in
        invariantFailure(invariant, "a promise rejection went unhandled: \(event["reason"]?.stringValue ?? "?")", event)
      }
    case .noRawLineSeparator:
      let consequence =
        "engines before ES2019 (older iOS and Android web views) reject the whole script with a SyntaxError"
      let raw = trace.first { event in
        if event.name == TraceEventName.userScriptAdded { return (event["rawLineSeparators"]?.numberValue ?? 0) > 0 }
        guard event.name == TraceEventName.evaluate, let script = event["script"]?.stringValue else { return false }
        return LineSeparators.occur(in: script)
      }
      return raw.map { event in
        guard event.name == TraceEventName.evaluate else {
          return invariantFailure(
            invariant,
            "the native side installed a user script (\(event["name"]?.stringValue ?? "?")) whose text holds a raw "
              + "U+2028 or U+2029: \(consequence), so the bridge never loads; escape them as \\u2028 and \\u2029",
            event)
        }
        return invariantFailure(
          invariant,
          "the native side evaluated a script containing a raw U+2028 or U+2029: \(consequence), so the message "
            + "is lost; escape them as \\u2028 and \\u2029",
          event)
      }
    case .noDuplicateCallback:
      var seen: Set<String> = []
      for event in trace where event.name.hasSuffix("-callback-invoked") {
        let key = event.name + "/" + (event["label"]?.stringValue ?? "")
        if !seen.insert(key).inserted {
          return invariantFailure(
            invariant, "the callback \(event["label"]?.stringValue ?? "?") ran more than once (\(event.name))", event)
        }
      }
      return nil
    }
  }

  private func invariantFailure(_ invariant: Invariant, _ message: String, _ event: TraceEvent) -> Verdict {
    .fail(
      "invariant \(invariant.rawValue): \(message)",
      detail: FailureDetail(expectation: invariant.rawValue, pointer: nil, closest: event, focus: event.sequence),
      check: CheckID.invariant(invariant.rawValue))
  }

  /// Whether `event` is an uncaught exception thrown by the harness's own
  /// page code (its source is the helper script), not a fixture's deliberate throw.
  static func isThrownByHarness(_ event: TraceEvent) -> Bool {
    event.name == TraceEventName.uncaughtException && event["source"]?.stringValue == HarnessPageScript.scriptName
      && event["message"]?.stringValue?.contains(HarnessPageScript.scriptedThrowMarker) != true
  }

  static func isFailedEvaluation(_ event: TraceEvent) -> Bool {
    event.name == TraceEventName.evaluateResult && event["ok"] == false
  }

  /// `Name: message at source:line` from the fields of an error event, and
  /// what the simulated page lacks when that is the cause.
  static func describeError(_ fields: JSONObject, explained: Bool = true) -> String {
    let message = fields["message"]?.stringValue ?? "?"
    let name = fields["name"]?.stringValue
    var text = name.map { "\($0): " } ?? ""
    text += message
    if let source = fields["source"]?.stringValue {
      text += " at \(source)" + (fields["line"]?.numberValue.map { ":\(Int($0))" } ?? "")
    }
    if explained, let missing = MissingPageAPI.diagnose(name: name, message: message) {
      text += "; " + missing.explanation
    }
    return text
  }

  // MARK: - Expectations

  private func expectations() -> Verdict? {
    let expect = fixture.expect
    for (index, (pattern, place)) in zip(expect.events, expectedEventPlaces()).enumerated() where place.found == nil {
      let searchFrom = place.searchedFrom
      let grouped =
        pattern.group.map { group in
          let size = expect.events.filter { $0.group == group }.count
          return expect.ordered ? " (one of \(size) in any order)" : ""
        } ?? ""
      let position =
        expect.ordered && index > 0 && searchFrom > 0
        ? " after the previous expected event (trace #\(searchFrom - 1))" : ""
      let anywhere = expect.ordered ? trace.first(where: { matches(pattern, $0) }) : nil
      let closest = anywhere ?? closestEvent(to: pattern, from: searchFrom)
      var message =
        "expected event \(index + 1) of \(expect.events.count)\(grouped) did not happen\(position): \(pattern)"
      if let anywhere {
        message += "\n  it happened earlier, out of order, at trace #\(anywhere.sequence)"
      } else if let closest {
        message += "\n  closest: #\(closest.sequence) \(closest.name) \(PayloadBound.value(.object(closest.fields)))"
        message += differences(pattern, closest)
      } else {
        message += "\n  no \(pattern.event) event was recorded at all"
      }
      return .fail(
        message,
        detail: FailureDetail(
          expectation: pattern.description, pointer: pattern.pointer, closest: closest,
          focus: closest?.sequence ?? (searchFrom > 0 ? searchFrom - 1 : nil)),
        check: CheckID.expectation(pattern.pointer))
    }
    for pattern in expect.absent {
      if let found = trace.first(where: { matches(pattern, $0) }) {
        return .fail(
          "an event that must not happen did: \(pattern)\n  at #\(found.sequence): \(found.name) \(PayloadBound.value(.object(found.fields)))",
          detail: FailureDetail(
            expectation: "absent: \(pattern)", pointer: pattern.pointer, closest: found, focus: found.sequence),
          check: CheckID.expectation(pattern.pointer))
      }
    }
    for count in expect.counts {
      let matching = trace.filter { matches(count.pattern, $0) }
      let tooFew = matching.count < count.minimum
      let tooMany = count.maximum.map { matching.count > $0 } ?? false
      guard tooFew || tooMany else { continue }
      let wanted: String
      if let maximum = count.maximum, maximum == count.minimum {
        wanted = "exactly \(maximum)"
      } else {
        wanted = [count.minimum > 0 ? "at least \(count.minimum)" : nil, count.maximum.map { "at most \($0)" }]
          .compactMap { $0 }.joined(separator: " and ")
      }
      let focus = tooMany ? matching[count.maximum ?? 0] : matching.last
      return .fail(
        "expected \(wanted) events matching \(count.pattern), found \(matching.count)",
        detail: FailureDetail(
          expectation: "count \(wanted): \(count.pattern)", pointer: count.pattern.pointer, closest: focus,
          focus: focus?.sequence),
        check: CheckID.expectation(count.pattern.pointer))
    }
    return nil
  }

  /// Every invariant and expectation that does not hold, in the order
  /// ``verdict()`` looks at them. An ordered event that is missing does not
  /// move the cursor, so the events after it are still looked for.
  private func failingChecks() -> [String] {
    var checks: [String] = []
    for invariant in Invariant.allCases where !fixture.allow.contains(invariant) && check(invariant) != nil {
      checks.append(CheckID.invariant(invariant.rawValue))
    }
    let expect = fixture.expect
    for (pattern, place) in zip(expect.events, expectedEventPlaces()) where place.found == nil {
      checks.append(CheckID.expectation(pattern.pointer))
    }
    for pattern in expect.absent where trace.contains(where: { matches(pattern, $0) }) {
      checks.append(CheckID.expectation(pattern.pointer))
    }
    for count in expect.counts {
      let found = trace.filter { matches(count.pattern, $0) }.count
      if found < count.minimum || count.maximum.map({ found > $0 }) ?? false {
        checks.append(CheckID.expectation(count.pattern.pointer))
      }
    }
    return checks
  }

  /// Where each of `expect.events` was found in the trace (nil: nowhere it
  /// may be), and from where it was looked for. In order, each entry is
  /// looked for after the previous one; the patterns of an `anyOrder` group
  /// are each looked for after the entry before the group, each in an event
  /// of its own, and the entry after the group after the last of them. A
  /// missing event does not move the cursor, so the events after it are
  /// still looked for.
  private func expectedEventPlaces() -> [(found: TraceEvent?, searchedFrom: Int)] {
    let expect = fixture.expect
    let events = expect.events
    guard expect.ordered else {
      return events.map { pattern in (trace.first(where: { matches(pattern, $0) }), 0) }
    }
    var places: [(found: TraceEvent?, searchedFrom: Int)] = []
    var cursor = 0
    var start = 0
    while start < events.count {
      var end = start + 1
      if let group = events[start].group {
        while end < events.count && events[end].group == group { end += 1 }
      }
      let from = min(cursor, trace.count)
      var taken: Set<Int> = []
      var next = cursor
      for pattern in events[start..<end] {
        let found = trace[from...].first { !taken.contains($0.sequence) && matches(pattern, $0) }
        if let found {
          taken.insert(found.sequence)
          next = max(next, found.sequence + 1)
        }
        places.append((found, from))
      }
      cursor = next
      start = end
    }
    return places
  }

  private func matches(_ pattern: EventPattern, _ event: TraceEvent) -> Bool {
    event.name == pattern.event
      && pattern.fields.allSatisfy { $0.matcher.matches(event.fields[$0.key], captures: captures) }
  }

  /// The event of the same name that matches the most fields, preferring
  /// events from `start` on (where an ordered expectation was looking).
  private func closestEvent(to pattern: EventPattern, from start: Int) -> TraceEvent? {
    let later = trace[start...].filter { $0.name == pattern.event }
    let candidates = later.isEmpty ? trace.filter { $0.name == pattern.event } : later
    return candidates.max { score(pattern, $0) < score(pattern, $1) }
  }

  private func score(_ pattern: EventPattern, _ event: TraceEvent) -> Int {
    pattern.fields.filter { $0.matcher.matches(event.fields[$0.key], captures: captures) }.count
  }

  private func differences(_ pattern: EventPattern, _ event: TraceEvent) -> String {
    let lines = pattern.fields.filter { !$0.matcher.matches(event.fields[$0.key], captures: captures) }.map {
      key, matcher in
      let actual = event.fields[key].map { PayloadBound.value($0).description } ?? "absent (undefined)"
      return "\n  \(key): expected \(PayloadBound.value(matcher.json)), got \(actual)"
    }
    return lines.joined()
  }
}
