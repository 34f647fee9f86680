import JSONModel

/// The invocations of a scenario's native handlers, as an adapter numbers
/// them: each call of a handler the page makes gets the next number, which
/// its `handlerInvoked` event carries and the harness's `respond` gives
/// back; the function that answers the call is kept under it. `Answer` is
/// what the bridge's response callbacks take (a `JSONValue?`, or a
/// Foundation value).
public struct HandlerInvocations<Answer> {
  private var last = 0
  private var responders: [Int: (Answer) -> Void] = [:]

  /// No invocations yet.
  public init() {}

  /// Numbers a call of `handler` with `data`, keeps `respond` (nil: the
  /// page asked for no answer) and returns the `handlerInvoked` event's
  /// fields; `answered` says the adapter answers it itself (1.3).
  public mutating func invoked(
    handler: String, data: JSONValue?, respond: ((Answer) -> Void)?, answered: Bool
  ) -> JSONObject {
    last += 1
    if let respond { responders[last] = respond }
    var fields: JSONObject = ["handler": .string(handler)]
    if let data { fields[.data] = data }
    fields[.invocation] = .number(Double(last))
    fields[.canRespond] = .bool(respond != nil)
    if answered { fields[.answered] = true }
    return fields
  }

  /// Performs a `respond`: the answer of its `invocation`, `answer(data)`,
  /// goes to that call's response callback. It is kept after use: a
  /// handler that answers twice calls it twice, and the bridge must drop
  /// the second answer. An unknown invocation is ignored; throws when the
  /// `invocation` is no integer.
  public func respond(_ command: JSONObject, answer: (JSONValue?) -> Answer) throws(AdapterProtocolError) {
    guard let invocation = command.integer(.invocation) else {
      throw AdapterProtocolError("respond: `invocation` must be an integer")
    }
    responders[invocation]?(answer(command[.data]))
  }

  /// Forgets every response callback (the scenario has ended).
  public mutating func removeAll() {
    responders.removeAll()
  }
}
