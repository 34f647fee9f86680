import JSONModel

/// How a scripted native handler answers when it answers at once, inside
/// the handler: the same answer `times` times (the bridge must send only the
/// first).
public struct ImmediateAnswer: Sendable, Hashable {
  /// What the answer carries.
  public enum Value: Sendable, Hashable {
    /// The data the handler received (none when it received none).
    case echo
    /// This value; `nil` answers with no value.
    case fixed(JSONValue?)
  }

  /// What the answer carries.
  public var value: Value
  /// How many times the handler calls its response callback (at least 1).
  public var times: Int

  /// Creates an answer given `times` times.
  public init(value: Value, times: Int = 1) {
    self.value = value
    self.times = max(1, times)
  }

  /// The answer to a call that carried `data`.
  public func data(answering data: JSONValue?) -> JSONValue? {
    switch value {
    case .echo: return data
    case .fixed(let fixed): return fixed
    }
  }
}

extension AdapterProtocol.ImmediateAnswers {
  /// The `answer` member for `answer`.
  public static func json(_ answer: ImmediateAnswer) -> JSONValue {
    var object: JSONObject = ["times": .number(Double(answer.times))]
    switch answer.value {
    case .echo: object["echo"] = true
    case .fixed(let value?): object["data"] = value
    case .fixed(nil): break
    }
    return .object(object)
  }

  /// The answer an `answer` member describes, or nil when it is none.
  public static func answer(from json: JSONValue?) -> ImmediateAnswer? {
    guard let object = json?.objectValue else { return nil }
    let times = object.integer("times") ?? 1
    if object["echo"]?.boolValue == true { return ImmediateAnswer(value: .echo, times: times) }
    return ImmediateAnswer(value: .fixed(object["data"]), times: times)
  }
}
