import BridgecheckAdapter
import Dialects
import JSONModel
import WebViewHosting

/// Why an implementation could not go on: the scenario ends as `error`.
package struct ImplementationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A stable kebab-case code, e.g. `crashed`, `timeout`, `protocol-violation`.
  package var code: String
  /// What happened, in words.
  package var message: String
  /// The last lines the implementation printed on stderr, if it is a process.
  package var stderrTail: String?

  /// Creates an error.
  package init(code: String, message: String, stderrTail: String? = nil) {
    self.code = code
    self.message = message
    self.stderrTail = stderrTail
  }

  package var description: String {
    var text = "\(code): \(message)"
    if let stderrTail, !stderrTail.isEmpty { text += "\nstderr (last lines):\n\(stderrTail)" }
    return text
  }
}

/// A native-side bridge: something that drives a ``WebViewHost`` (the
/// simulated web view, or a real engine's) the way an app's bridge drives a
/// `WKWebView`: it sees only what a `WKWebView` offers, never the page's
/// scheduler or clock controls.
package protocol NativeImplementation: Sendable {
  /// A short name for reports.
  var name: String { get }
  /// The version the implementation declares, if any.
  var version: String? { get }
  /// The transports it supports.
  var transports: [Transport] { get }
  /// The injection modes it supports.
  var injections: [Injection] { get }
  /// Optional features it supports (see ``ImplementationFeature``).
  var features: Set<String> { get }

  /// Attaches a fresh bridge to `webView` for one scenario.
  ///
  /// - Parameters:
  ///   - pageScript: the page bridge to inject (from the page implementation).
  ///   - events: where the bridge reports handler invocations, callback
  ///     results and log lines.
  func startSession(
    webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String,
    events: any NativeSessionEvents
  ) throws(ImplementationError) -> any NativeSession

  /// Begins a session before its web view exists, so that a bridge in
  /// another process sets itself up while the harness builds the page;
  /// ``startSession(webView:configuration:pageScript:events:prepared:)``
  /// finishes it with the same configuration and page script. Nil when
  /// there is nothing to begin early (the default).
  func prepareSession(configuration: SessionConfiguration, pageScript: String) -> (any PreparedNativeSession)?

  /// ``startSession(webView:configuration:pageScript:events:)``, finishing
  /// `prepared` (from ``prepareSession(configuration:pageScript:)`` with the
  /// same configuration and page script) when there is one. The default
  /// ignores `prepared`.
  func startSession(
    webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String,
    events: any NativeSessionEvents, prepared: (any PreparedNativeSession)?
  ) throws(ImplementationError) -> any NativeSession
}

/// A session begun by ``NativeImplementation/prepareSession(configuration:pageScript:)``
/// and not started yet. Dropping it unused gives back what it holds.
package protocol PreparedNativeSession: AnyObject {}

extension NativeImplementation {
  package func prepareSession(configuration: SessionConfiguration, pageScript: String) -> (any PreparedNativeSession)? {
    nil
  }

  package func startSession(
    webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String,
    events: any NativeSessionEvents, prepared: (any PreparedNativeSession)?
  ) throws(ImplementationError) -> any NativeSession {
    try startSession(webView: webView, configuration: configuration, pageScript: pageScript, events: events)
  }
}

/// What a native bridge reports back to the harness during a scenario.
package protocol NativeSessionEvents: AnyObject {
  /// A registered native handler was called by the page. `invocation`
  /// identifies it for ``NativeSession/respond(invocation:data:)``;
  /// `canRespond` is false when the page sent no callback id. `answered`
  /// is true when the session already gave the handler's
  /// ``ImmediateAnswer`` inside the handler (the harness must not answer
  /// again).
  func handlerInvoked(_ handler: String, data: JSONValue?, invocation: Int, canRespond: Bool, answered: Bool)
  /// The response callback of a ``NativeSession/callHandler(_:data:callback:)``
  /// ran, with the page's answer.
  func callbackInvoked(callback: Int, data: JSONValue?)
  /// The bridge logged something (`level`: debug, info, warning, error).
  func log(level: String, code: String, message: String)
}

/// One native bridge attached to one web view for one scenario.
///
/// Every method runs synchronously on the scenario's thread; a method that
/// throws ends the scenario as `error`.
package protocol NativeSession: AnyObject {
  /// Registers a handler; its calls are reported through the events.
  func registerHandler(_ name: String) throws(ImplementationError)
  /// Registers a handler whose scripted answer is known in advance and
  /// given at once: a session may answer every call that has a callback
  /// itself, inside the handler (an adapter process then needs no `respond`
  /// round trip), and report it with `answered: true`. The default
  /// registers the handler plainly, and the harness answers as usual.
  func registerHandler(_ name: String, answeringAtOnce answer: ImmediateAnswer?) throws(ImplementationError)
  /// Removes a handler.
  func removeHandler(_ name: String) throws(ImplementationError)
  /// Answers an invocation reported by ``NativeSessionEvents/handlerInvoked(_:data:invocation:canRespond:)``.
  /// `nil` answers with no value.
  func respond(invocation: Int, data: JSONValue?) throws(ImplementationError)
  /// Calls a page handler; with a `callback` id, the page's answer is
  /// reported through ``NativeSessionEvents/callbackInvoked(callback:data:)``.
  /// `nil` data sends no data.
  func callHandler(_ name: String, data: JSONValue?, callback: Int?) throws(ImplementationError)
  /// `reset()`: a fresh start-up queue, pending callbacks dropped.
  func reset() throws(ImplementationError)
  /// Asks the page to dispatch synchronously (`_disableJavascriptAlertBoxSafetyTimeout`).
  func disableSafetyTimeout() throws(ImplementationError)
  /// A failure detected outside a call (e.g. a crashed process); checked
  /// by the runner after every step.
  var failure: ImplementationError? { get }
  /// Ends the session and frees its resources.
  func close()
}

extension NativeSession {
  package func registerHandler(_ name: String, answeringAtOnce answer: ImmediateAnswer?) throws(ImplementationError) {
    try registerHandler(name)
  }
}
