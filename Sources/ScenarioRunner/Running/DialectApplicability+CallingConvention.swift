import Dialects
import JSONModel
import WebViewHosting

/// Whether a fixture can be expressed in a dialect whose calling convention
/// (profile member `convention`) is not classic WVJB's, decided from what
/// the fixture does: the calls it makes each way, the data it sends, how
/// its page handlers answer, the raw messages it plays.
extension DialectApplicability {
  /// Why `fixture` cannot run under `profile`'s convention, or nil.
  static func callingConventionReason(_ fixture: Fixture, profile: BridgeProfile) -> String? {
    let convention = profile.convention
    guard convention != .classic else { return nil }
    let steps = fixture.setup.onReady + fixture.steps
    let dialect = "the profile \(profile.name)"
    if !convention.nativeCanCallPage, let what = nativeToPageCall(fixture, steps: steps) {
      return "the fixture has the native side call the page (\(what)), and in \(dialect) the native side cannot call "
        + "the page at all (\"convention\": {\"nativeCalls\": \"none\"})"
    }
    if convention.callbackId == .data || convention.pageCall == .paramsCallback,
      let data = pageCallWithoutObjectData(steps)
    {
      return "the fixture calls a native handler with a callback and \(data), and \(dialect) carries the callback id "
        + "inside the data, which only a JSON object can hold"
    }
    if convention.pageRegister == .returning {
      if let name = lateAnsweringPageHandler(fixture, steps: steps) {
        return
          "the page handler \(name.jsonLiteral) answers after it returns or more than once, and in \(dialect) a page "
          + "handler's answer is its return value (\"pageRegister\": \"returning\")"
      }
      if let name = answeredCallWithoutCallback(fixture, steps: steps) {
        return
          "the native side calls \(name.jsonLiteral) without a callback, and in \(dialect) the page handler's answer "
          + "is the value of the evaluation that calls it, which the native side receives whether it asked for it or not"
      }
      if pageHandlers(fixture, steps: steps).contains(where: { $0.behaviour.throwMessage != nil }),
        fixture.expect.events.contains(where: { $0.event == TraceEventName.uncaughtException })
      {
        return "the fixture expects a page handler's exception to reach window.onerror, and in \(dialect) a page "
          + "handler runs inside the native evaluation that calls it (its answer is the evaluation's value), so its "
          + "exception is that evaluation's error"
      }
      if let name = unansweredNativeCall(fixture, steps: steps) {
        return "the native side calls \(name.jsonLiteral) with a callback that the page must leave unanswered, and in "
          + "\(dialect) every native call is answered with the page handler's return value (the evaluation's value)"
      }
    }
    for step in steps {
      switch step {
      case .deliverToPage(let raw):
        guard case .object(let message)? = try? JSONValue.parse(raw) else {
          if case .functionCall = convention.answers {
            return
              "the fixture delivers raw text that is not a JSON object, and \(dialect) delivers answers as function calls"
          }
          continue
        }
        if message["responseId"] == nil, case .functionCall = convention.nativeCalls {
          if message["handlerName"]?.stringValue == nil {
            return "the fixture delivers a request without a string handler name, and in \(dialect) native calls are "
              + "function calls that name the handler"
          }
          if message["callbackId"] != nil {
            return "the fixture delivers a request with a callbackId for the page to answer, and in \(dialect) native "
              + "calls carry no callback id: the answer is the value of the evaluation that makes the call"
          }
        }
      case .queueToNative(let result, _):
        let played = playedMessages(result)
        if convention.nativeCalls != .message, played.contains(where: { $0["responseId"] != nil }) {
          return "the fixture plays an answer message from the page, and in \(dialect) the page answers native calls "
            + "without messages"
        }
        if let reason = unexpressiblePlayedRequest(played, convention: convention, dialect: dialect) { return reason }
      default:
        continue
      }
    }
    return nil
  }

  /// The message objects a played queue holds (its array, or the JSON
  /// text of one); empty for anything else.
  private static func playedMessages(_ result: JSONValue?) -> [JSONObject] {
    var value = result
    if case .string(let text)? = result { value = try? JSONValue.parse(text) }
    guard case .array(let entries)? = value else { return [] }
    return entries.compactMap(\.objectValue)
  }

  /// Why a request the fixture plays as the page cannot be written in the
  /// convention, or nil: a callback id inside data that is not an object,
  /// or a callback id that is not a string when answers are function calls
  /// (`fn('<id>', value)` gives the id back as a string).
  private static func unexpressiblePlayedRequest(
    _ played: [JSONObject], convention: CallingConvention, dialect: String
  ) -> String? {
    for message in played where message["responseId"] == nil {
      guard let id = message["callbackId"] else { continue }
      if convention.callbackId == .data, message["data"].map({ $0.objectValue == nil }) ?? false {
        return
          "the fixture plays a request with a callbackId and data that is not a JSON object, and \(dialect) carries "
          + "the callback id inside the data, which only an object can hold"
      }
      if case .functionCall = convention.answers, id.stringValue == nil {
        return
          "the fixture plays a request whose callbackId \(id.serialized()) is not a string, and \(dialect) answers "
          + "by calling a function with the id as a string literal, so the answer cannot carry that id back"
      }
    }
    return nil
  }

  /// A description of the first native-to-page call the fixture makes.
  private static func nativeToPageCall(_ fixture: Fixture, steps: [Step]) -> String? {
    let natives =
      fixture.setup.nativeHandlers
      + steps.compactMap { step -> NamedBehaviour? in
        if case .nativeRegister(let named) = step { return named }
        return nil
      }
    if let named = natives.first(where: { $0.behaviour.call != nil }) {
      return "the native handler \(named.name.jsonLiteral) calls back"
    }
    for step in steps {
      switch step {
      case .nativeCall(let handler, _, _): return "a call of \(handler.jsonLiteral)"
      case .deliverToPage(let raw):
        if case .object(let message)? = try? JSONValue.parse(raw), message["responseId"] == nil {
          return "a raw request"
        }
      default: continue
      }
    }
    return nil
  }

  /// The data of the first page call with a callback whose data is not a
  /// JSON object.
  private static func pageCallWithoutObjectData(_ steps: [Step]) -> String? {
    for step in steps {
      guard case .pageCall(_, let data, let label, let form) = step, label != nil || form == .twoArgument else {
        continue
      }
      if form == .twoArgument { return "the two-argument form (data null)" }
      guard let data else { return "no data" }
      if data.objectValue == nil { return "data that is a \(data.typeName)" }
    }
    return nil
  }

  /// Page handlers by name, with the behaviours they are registered with.
  private static func pageHandlers(_ fixture: Fixture, steps: [Step]) -> [NamedBehaviour] {
    fixture.setup.pageHandlers
      + steps.compactMap { step -> NamedBehaviour? in
        if case .pageRegister(let named) = step { return named }
        return nil
      }
  }

  private static func lateAnsweringPageHandler(_ fixture: Fixture, steps: [Step]) -> String? {
    pageHandlers(fixture, steps: steps).first { $0.behaviour.respond != nil && $0.behaviour.delay > 0 }?.name
  }

  /// Whether the fixture checks that no event named `name` happens (in
  /// `absent`, or counted at most 0 times).
  private static func forbids(_ fixture: Fixture, _ names: Set<String>) -> Bool {
    fixture.expect.absent.contains { names.contains($0.event) }
      || fixture.expect.counts.contains { names.contains($0.pattern.event) && $0.maximum == 0 }
  }

  /// A native call without a callback to a page handler that answers, in a
  /// fixture that checks the answer never crosses.
  private static func answeredCallWithoutCallback(_ fixture: Fixture, steps: [Step]) -> String? {
    guard forbids(fixture, [TraceEventName.evaluateResult, "wire-to-native", "native-handler-invoked"]) else {
      return nil
    }
    let handlers = pageHandlers(fixture, steps: steps)
    for step in steps {
      guard case .nativeCall(let handler, _, nil) = step else { continue }
      if handlers.contains(where: { $0.name == handler && $0.behaviour.respond != nil }) { return handler }
    }
    return nil
  }

  /// A native call with a callback to a page handler that does not answer
  /// (or is not registered), in a fixture that checks the callback is left
  /// waiting, as classic bridges leave it.
  private static func unansweredNativeCall(_ fixture: Fixture, steps: [Step]) -> String? {
    guard forbids(fixture, ["native-callback-invoked"]) else { return nil }
    let handlers = pageHandlers(fixture, steps: steps)
    for step in steps {
      guard case .nativeCall(let handler, _, let label?) = step else { continue }
      _ = label
      let registered = handlers.filter { $0.name == handler }
      if registered.isEmpty || registered.contains(where: { $0.behaviour.respond == nil }) { return handler }
    }
    return nil
  }
}
