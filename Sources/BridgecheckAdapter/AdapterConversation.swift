import JSONModel

/// What an adapter keeps of its conversation with the harness from one
/// command to the next, and how it reads the members every adapter reads
/// alike: the minor version both sides speak (the harness gives its own in
/// `hello`), the page script of the last `start` (protocol 1.2's
/// `samePageScript` refers to it), and the checks of a command's `type`,
/// `name`, `invocation` and evaluation id, with the errors that say what is
/// wrong. bridgecheck's Swift adapters (the reference adapter and the
/// native kit) read their commands through it.
public struct AdapterConversation: Sendable {
  /// The minor version the adapter speaks (what its `hello` says).
  public let adapterMinorVersion: Int
  /// The minor version the harness gave in its `hello` (0 until then).
  public private(set) var harnessMinorVersion = 0
  /// The page script of the last `start`.
  private var lastPageScript: String?

  /// A conversation of an adapter that speaks `adapterMinorVersion`, before
  /// the harness's `hello`.
  public init(adapterMinorVersion: Int = AdapterProtocol.minorVersion) {
    self.adapterMinorVersion = adapterMinorVersion
  }

  /// The minor version both sides speak: the lower of the two.
  public var minorVersion: Int { min(harnessMinorVersion, adapterMinorVersion) }
  /// Whether both sides speak 1.2 (``AdapterProtocol/Pipelining``).
  public var pipelines: Bool { minorVersion >= AdapterProtocol.Pipelining.minorVersion }
  /// Whether both sides speak 1.3 (``AdapterProtocol/ImmediateAnswers``).
  public var answersAtOnce: Bool { minorVersion >= AdapterProtocol.ImmediateAnswers.minorVersion }
  /// Whether both sides speak 1.4 (``AdapterProtocol/TextBlocks``): long
  /// texts cross as blocks.
  public var readsTextBlocks: Bool { minorVersion >= AdapterProtocol.TextBlocks.minorVersion }

  /// The type of `command`; throws when it has no string `type`, or one
  /// that is no command type.
  public static func type(of command: JSONObject) throws(AdapterProtocolError) -> AdapterProtocol.Command {
    guard let type = command[.type]?.stringValue, !type.isEmpty else {
      throw AdapterProtocolError("a command needs a string `type`")
    }
    guard let known = AdapterProtocol.Command(rawValue: type) else {
      throw AdapterProtocolError("unknown command type \(JSONValue.string(type))")
    }
    return known
  }

  /// Records the harness's `hello` (its `minor`; none is 1.0).
  public mutating func heardHello(_ command: JSONObject) {
    harnessMinorVersion = command.integer(.minor) ?? 0
  }

  /// The page script of a `start`: its `pageScript`, or (1.2) the one of
  /// the previous `start` when it says `samePageScript`; kept for the next
  /// `start`. Throws when it has neither.
  public mutating func pageScript(of start: JSONObject) throws(AdapterProtocolError) -> String {
    let pageScript: String
    if let text = start[.pageScript]?.stringValue {
      pageScript = text
    } else if pipelines, start[.samePageScript]?.boolValue == true, let last = lastPageScript {
      pageScript = last
    } else {
      throw AdapterProtocolError(
        pipelines && lastPageScript == nil && start[.samePageScript] != nil
          ? "start: `samePageScript` in the first start of this process (there is no previous page script)"
          : "start: `pageScript` must be a string")
    }
    lastPageScript = pageScript
    return pageScript
  }

  /// The answer a `registerHandler` gives in advance (1.3), or nil when it
  /// gives none or the conversation speaks an older version.
  public func immediateAnswer(of registerHandler: JSONObject) -> ImmediateAnswer? {
    answersAtOnce ? AdapterProtocol.ImmediateAnswers.answer(from: registerHandler[.answer]) : nil
  }

  /// The `name` of a command of type `type`; throws when it is no string.
  public static func name(of command: JSONObject, _ type: AdapterProtocol.Command) throws(AdapterProtocolError)
    -> String
  {
    guard let name = command[.name]?.stringValue else {
      throw AdapterProtocolError("\(type.rawValue): `name` must be a string")
    }
    return name
  }

  /// The `id` and `url` of a `navigation`; throws when either is missing.
  public static func navigation(of command: JSONObject) throws(AdapterProtocolError) -> (id: JSONValue, url: String) {
    guard let id = command[.id], let url = command[.url]?.stringValue else {
      throw AdapterProtocolError("navigation: needs `id` and a string `url`")
    }
    return (id, url)
  }

  /// The evaluation an `evaluationResult` answers (its `id`); throws when
  /// the id is no integer, or when a `resultBytes` is left (the command
  /// loop replaces a 1.4 block's byte count by its text, so one left here
  /// is no byte count, or came in a conversation older than 1.4).
  public func evaluation(of evaluationResult: JSONObject) throws(AdapterProtocolError) -> Int {
    guard let id = evaluationResult.integer(.id) else {
      throw AdapterProtocolError("evaluationResult: `id` must be an integer")
    }
    guard evaluationResult[.resultBytes] == nil else {
      throw AdapterProtocolError(
        readsTextBlocks
          ? "evaluationResult: `resultBytes` must be a byte count (a non-negative integer)"
          : "evaluationResult: `resultBytes` is protocol 1.4, and this conversation speaks an older version")
    }
    return id
  }
}
