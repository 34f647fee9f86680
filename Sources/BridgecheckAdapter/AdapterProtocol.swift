import JSONModel

/// The adapter protocol (see `docs/adapter-protocol.md`): JSON lines between
/// bridgecheck (the harness) and a native bridge running in another process
/// (the adapter).
///
/// The harness writes one command per line to the adapter's stdin; the
/// adapter answers every command with the events it caused, one per line on
/// stdout, followed by `{"type":"done","seq":N}` with the command's `seq`.
public enum AdapterProtocol {
  /// The protocol version this bridgecheck speaks.
  public static let version = 1
  /// The minor version: 1 adds the commands and events of dialects beyond
  /// classic WVJB (dialogs, JavaScript interfaces, the end of a load, the
  /// whole profile in `start`). An adapter that gives no `minor` in its
  /// `hello` speaks 1.0 and is never sent them. 2 adds what makes the
  /// conversation cheaper (see ``Pipelining``): commands answered later,
  /// evaluations whose success needs no `evaluationResult`, and the page
  /// script sent once per process instead of twice per scenario; and the
  /// injection `page` (the page ships the bridge; the adapter injects
  /// nothing), which only an adapter of minor version 2 or later may list.
  /// 3 lets a handler whose answer is known in advance be answered inside
  /// the handler, by the adapter (see ``ImmediateAnswers``). 4 lets a long
  /// script or evaluation result cross as a block of raw text after its
  /// line instead of as an escaped JSON string (see ``TextBlocks``), and
  /// tells `undefined` host-object arguments from `null` ones (see
  /// ``UndefinedArguments``).
  /// Both sides use what the lower of their two minor versions has.
  public static let minorVersion = 4

  /// What protocol 1.2 adds, in one place: the commands the harness does not
  /// wait for, and the members that refer to the page script instead of
  /// carrying it.
  public enum Pipelining {
    /// The minor version that has them.
    public static let minorVersion = 2
    /// Commands the harness writes without waiting for their `done`: it
    /// reads their answers (in order, before the answer of the next command
    /// it waits for) when it next needs the adapter, and at the end of a
    /// scenario's steps.
    public static let commands: Set<Command> = [.registerHandler, .removeHandler, .stop]
    /// `start`: true instead of `pageScript` when the page script is the
    /// same text as in the previous `start` of this process.
    public static let samePageScript = "samePageScript"
    /// `evaluate` and `addUserScript`: true instead of `script` (`source`)
    /// when the script is exactly the scenario's page script.
    public static let pageScript = "pageScript"
    /// `evaluate`: which outcomes the adapter needs an `evaluationResult`
    /// for.
    public static let report = "report"
  }

  /// What protocol 1.3 adds: a `registerHandler` may carry the handler's
  /// answer when the scenario gives it at once (`answer`), and the adapter
  /// then answers every call that has a callback inside the handler, as an
  /// app's handler that calls its response callback before returning does,
  /// and says so in `handlerInvoked` (`answered`). One `respond` round trip
  /// fewer per answered call. An adapter may ignore `answer`: the harness
  /// then answers with `respond` as before.
  public enum ImmediateAnswers {
    /// The minor version that has them.
    public static let minorVersion = 3
    /// `registerHandler`: the answer, `{"times": n, "echo": true}` (the
    /// request's data), `{"times": n, "data": value}` or `{"times": n}`
    /// (no data).
    public static let answer = "answer"
    /// `handlerInvoked`: true when the adapter answered the call itself.
    public static let answered = "answered"
    /// `start`: true instead of `configuration` when the configuration is
    /// the same as in the previous `start` of this process.
    public static let sameConfiguration = "sameConfiguration"
  }

  /// What protocol 1.4 adds: a long text crosses as a block of raw UTF-8
  /// after its line, instead of as a JSON string. The line carries the
  /// block's length in bytes in place of the text (`scriptBytes` in place
  /// of an `evaluate` event's `script`, `resultBytes` in place of an
  /// `evaluationResult` command's string `result`); the block follows the
  /// line's newline, exactly that many bytes, and ends with a newline of its
  /// own. A script is JSON text escaped as a JavaScript literal, and a queue
  /// fetch's result is JSON text: as JSON strings they were escaped a second
  /// time, and parsed a second time, on both sides of the pipe, which was
  /// most of what a megabyte payload cost behind an adapter.
  public enum TextBlocks {
    /// The minor version that has them.
    public static let minorVersion = 4
    /// `evaluate`: the byte count of the script block, in place of `script`.
    public static let scriptBytes = "scriptBytes"
    /// `evaluationResult`: the byte count of the result block, in place of
    /// a string `result`.
    public static let resultBytes = "resultBytes"
    /// The shortest text the harness (and the reference adapters) send as a
    /// block; shorter ones stay JSON strings, readable in a traffic log.
    /// Any length may be sent as a block.
    public static let minimumBytes = 16_384
  }

  /// Also in protocol 1.4: an `interfaceCall` says which of its arguments
  /// the page passed as `undefined` (JSON has no such value: they are
  /// `null` in `arguments`), so that a host-object method sees a missing
  /// argument as it does in the harness's own process. Before 1.4 they
  /// reach the adapter as `null`.
  public enum UndefinedArguments {
    /// The minor version that has them.
    public static let minorVersion = 4
    /// `interfaceCall`: the positions (from 0) of the `undefined` arguments.
    public static let member = "undefinedArguments"
  }

  /// The `report` member of a 1.2 `evaluate` event: which outcomes of the
  /// evaluation the adapter wants to hear about.
  public enum EvaluationReport: String, Sendable, Hashable {
    /// Every outcome (the default, and all there is before 1.2).
    case always
    /// Only a failure: a success is not reported (a completion handler that
    /// only logs errors).
    case failure
    /// None (a completion handler that is nil).
    case never
  }

  /// Command types (harness → adapter).
  public enum Command: String, Sendable, CaseIterable {
    /// Opens the conversation; answered by a `hello` event.
    case hello
    /// Begins a scenario: a fresh bridge for its configuration and page script.
    case start
    /// Registers a native handler (`name`; 1.3: its `answer`).
    case registerHandler
    /// Removes a native handler (`name`).
    case removeHandler
    /// Calls a page handler (`name`, `data`?, `callback`?).
    case callHandler
    /// Answers a handler invocation (`invocation`, `data`?).
    case respond
    /// Calls the bridge's `reset()`.
    case reset
    /// Asks the page to dispatch synchronously.
    case disableSafetyTimeout
    /// A navigation the page requested (`id`, `url`, `frame`); answered by one `policy`.
    case navigation
    /// A script message the page posted (`name`, `body`?).
    case scriptMessage
    /// The outcome of an `evaluate` (`id`, `ok`, `result`? or `error`).
    case evaluationResult
    /// Ends the scenario.
    case stop
    /// Ends the process after its `done`.
    case exit
    /// 1.1: a page finished loading (`webView(_:didFinish:)`).
    case loadFinished
    /// 1.1: the page opened `alert`, `confirm` or `prompt`; answer with `dialogAnswer`.
    case dialog
    /// 1.1: the page called a method of a JavaScript interface; answer with `interfaceResult`.
    case interfaceCall

    /// Every command type, by its name on the wire.
    public static let names: Set<String> = Set(allCases.map(\.rawValue))

    /// The type of `command` (its `type` member), or nil when it has no
    /// string `type` or one that is no command type.
    public init?(of command: JSONObject) {
      guard case .string(let name)? = command[Field.type.rawValue] else { return nil }
      self.init(rawValue: name)
    }
  }

  /// Event types (adapter → harness).
  public enum Event: String, Sendable, CaseIterable {
    /// Answers `hello`: the protocol version, name, transports, injections, features.
    case hello
    /// Evaluate a script in the page (`id`, `script`).
    case evaluate
    /// Run a script in every page loaded from now on.
    case addUserScript
    /// Register `window.webkit.messageHandlers.<name>`.
    case addScriptMessageHandler
    /// The page called a registered native handler.
    case handlerInvoked
    /// The page answered a `callHandler` that had a `callback`.
    case callbackInvoked
    /// A diagnostic of the bridge (`level`, `code`, `message`).
    case log
    /// The decision on a `navigation` (`allow` or `cancel`).
    case policy
    /// The adapter cannot carry out the command.
    case error
    /// The end of an answer (`seq`).
    case done
    /// 1.1: add a global object whose methods call the adapter (`interfaceCall`).
    case addJavascriptInterface
    /// 1.1: send the page's dialogs as `dialog` commands.
    case handleDialogs
    /// 1.1: send `loadFinished` when a page has finished loading.
    case observeLoads
    /// 1.1: the answer to a `dialog` command.
    case dialogAnswer
    /// 1.1: the value of an `interfaceCall` (absent: `undefined`).
    case interfaceResult

    /// Every event type, by its name on the wire.
    public static let names: Set<String> = Set(allCases.map(\.rawValue))

    /// The type of `event` (its `type` member), or nil when it has no
    /// string `type` or one that is no event type.
    public init?(of event: JSONObject) {
      guard case .string(let name)? = event[Field.type.rawValue] else { return nil }
      self.init(rawValue: name)
    }
  }

  /// The members of commands and events (`docs/adapter-protocol/command.schema.json`
  /// and `event.schema.json` list which message has which).
  public enum Field: String, Sendable, CaseIterable {
    /// Every command and event: its type (``Command`` or ``Event``).
    case type
    /// Every command, and `done`: the number that pairs a command with its answer.
    case seq
    /// `hello`: the protocol version.
    case `protocol`
    /// `hello`: the minor version.
    case minor
    /// The `hello` event: the adapter's version.
    case version
    /// The `hello` event: the transports the adapter supports.
    case transports
    /// The `hello` event: the injections the adapter supports.
    case injections
    /// The `hello` event: the optional features the adapter supports.
    case features
    /// `start`: the session configuration (transport, injection, options, profile).
    case configuration
    /// `start`, `evaluate`, `addUserScript`: the page script, or (1.2) true in place of it.
    case pageScript
    /// `start` (1.2): true in place of a page script that has not changed.
    case samePageScript
    /// `start` (1.3): true in place of a configuration that has not changed.
    case sameConfiguration
    /// A handler's, message handler's, interface's or user script's name.
    case name
    /// `registerHandler` (1.3): the answer given in advance; `dialogAnswer`: the answer.
    case answer
    /// `handlerInvoked` (1.3): true when the adapter answered the call itself.
    case answered
    /// The data of a call, a response or a callback.
    case data
    /// `callHandler`, `callbackInvoked`: the callback's number.
    case callback
    /// `respond`, `handlerInvoked`: the invocation's number.
    case invocation
    /// `handlerInvoked`: the handler the page called.
    case handler
    /// `handlerInvoked`: whether the call has a response callback.
    case canRespond
    /// `navigation`, `evaluate`, `evaluationResult`, `policy`: the number that pairs them.
    case id
    /// `navigation`: the URL.
    case url
    /// `navigation`: the frame (`main` or `child`).
    case frame
    /// `scriptMessage`: the message's body.
    case body
    /// `evaluationResult`: whether the script ran without throwing.
    case ok
    /// `evaluationResult`: the script's value.
    case result
    /// `evaluationResult` (1.4): the byte count of the result's text block.
    case resultBytes
    /// `evaluationResult`: what the script threw.
    case error
    /// `evaluate`: the script.
    case script
    /// `evaluate` (1.4): the byte count of the script's text block.
    case scriptBytes
    /// `evaluate` (1.2): which outcomes need an `evaluationResult` (``EvaluationReport``).
    case report
    /// `addUserScript`: the script.
    case source
    /// `addUserScript`: `document-start` or `document-end`.
    case injectionTime
    /// `log`: `debug`, `info`, `warning` or `error`.
    case level
    /// `log`: a stable code for the diagnostic.
    case code
    /// `log`, `error`, `dialog`: the text.
    case message
    /// `policy`: `allow` or `cancel`.
    case policy
    /// `dialog`: `alert`, `confirm` or `prompt`.
    case kind
    /// `dialog`: a prompt's default text.
    case defaultText
    /// `dialogAnswer`: a prompt's answer.
    case text
    /// `interfaceCall`: the method called.
    case method
    /// `interfaceCall`: the arguments.
    case arguments
    /// `interfaceCall` (1.4): the positions of the arguments passed as `undefined`.
    case undefinedArguments
    /// `addJavascriptInterface`: the methods of the interface.
    case methods
    /// `addJavascriptInterface`: whether its methods answer asynchronously.
    case asynchronous
    /// `interfaceResult`: the method's value (absent: `undefined`).
    case value
  }

  /// The `injectionTime` of a document-start user script (`addUserScript`).
  public static let documentStart = "document-start"
  /// The `injectionTime` of a document-end user script.
  public static let documentEnd = "document-end"
}

/// A command or event that does not follow the adapter protocol.
public struct AdapterProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words.
  public var message: String
  /// An error saying `message`.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}

extension JSONObject {
  /// The member `field` of a command or event.
  public subscript(field: AdapterProtocol.Field) -> JSONValue? {
    get { self[field.rawValue] }
    set { self[field.rawValue] = newValue }
  }

  /// An integer field, if present and integral.
  package func integer(_ key: String) -> Int? {
    guard let number = self[key]?.numberValue, number == number.rounded(), abs(number) < 9e15 else { return nil }
    return Int(number)
  }

  /// The member `field`, if present and integral.
  package func integer(_ field: AdapterProtocol.Field) -> Int? {
    integer(field.rawValue)
  }
}
