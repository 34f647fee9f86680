import BridgeImplementations
import BridgecheckAdapter
import Dialects
import JSONModel
import ReferenceBridges
import Synchronization
import WebViewHosting

/// bridgecheck's reference page bridge (`page-bridge.js`), configured for
/// each scenario through `window.WVJBReferenceOptions`, which the harness
/// sets in the page (``pageOptionsScript(for:)``) before the native side
/// injects the bridge. The script is the same for every scenario of a
/// dialect and every native side: for the classic dialect, the file's
/// classic build (``PageBridgeBuild``), for the others the file itself.
package struct ReferencePageImplementation: PageImplementation {
  package var name: String { profile == .reference ? "reference" : "reference (\(profile.name))" }
  package let version: String? = nil
  package let profile: BridgeProfile
  package let features: Set<String> = [ImplementationFeature.answerMissingHandler]
  /// The bridge source; the shipped reference unless replaced (mutants).
  package let source: String
  /// The script injected when the page options name no dialect: the classic
  /// build of `source`, or `source` itself when it has none; made when a
  /// page first needs it (`bridgecheck run`'s supervisor, whose workers run
  /// the pages, never does).
  private let classicScript: ClassicBuild

  /// Creates the reference page bridge, or a variant of its source,
  /// speaking `profile` (by default the classic names, with both classic
  /// transports and injection modes). `buildsClassic: false` injects the
  /// source as it is in the classic dialect too (tests compare the two).
  package init(
    source: String = ReferenceScripts.pageBridge, profile: BridgeProfile = .reference, buildsClassic: Bool = true
  ) {
    self.source = source
    self.profile = profile
    classicScript = ClassicBuild(source: source, builds: buildsClassic)
  }

  package func script(for configuration: SessionConfiguration) throws(ImplementationError) -> String {
    Self.namesDialect(configuration) ? source : classicScript.script
  }

  /// Whether the page options of `configuration` name a dialect (the
  /// bridge then needs its dialect code).
  static func namesDialect(_ configuration: SessionConfiguration) -> Bool {
    configuration.profile.dialectKey != BridgeProfile.reference.dialectKey
  }

  package func pageOptionsScript(for configuration: SessionConfiguration) -> String? {
    Self.optionsAssignment(configuration)
  }

  /// `window.WVJBReferenceOptions = {…};` for a configuration.
  static func optionsAssignment(_ configuration: SessionConfiguration) -> String {
    let transport: JSONValue =
      switch configuration.transport {
      case .iframe: "iframe"
      case .messageHandlers: "messageHandlers"
      default: .string(configuration.transport.rawValue)
      }
    var options: JSONObject = [
      "transport": transport,
      "messageHandlerName": .string(configuration.profile.messageHandlerName),
      "answerMissingHandler": .bool(configuration.options.answerMissingHandler),
    ]
    // The dialect, when it is not the classic one the bridge speaks alone.
    if namesDialect(configuration) {
      options["dialect"] = configuration.profile.json
    }
    return "window.WVJBReferenceOptions = \(JSONValue.object(options).serialized());\n"
  }
}

/// bridgecheck's reference native bridge (``NativeBridge``), in process.
package struct ReferenceNativeImplementation: NativeImplementation {
  package let version: String? = nil
  package let transports = Transport.allCases
  package let injections = Injection.allCases
  package let features: Set<String> = [ImplementationFeature.answerMissingHandler]
  /// Deliberate bugs switched on (mutation testing); empty for the reference.
  package let faults: Set<NativeBridgeFault>

  /// Creates the reference native bridge.
  package init() {
    faults = []
  }

  /// Creates a mutant of the reference native bridge with the named faults
  /// (unknown names are ignored: ``NativeBridgeFault`` lists the known ones).
  package init(faults: [String]) {
    self.faults = Set(faults.compactMap(NativeBridgeFault.init(rawValue:)))
  }

  package var name: String {
    faults.isEmpty ? "reference" : "reference+" + faults.map(\.rawValue).sorted().joined(separator: "+")
  }

  package func startSession(
    webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String,
    events: any NativeSessionEvents
  ) throws(ImplementationError) -> any NativeSession {
    var options = NativeBridgeOptions(configuration: configuration, pageScript: pageScript)
    options.faults = faults
    return ReferenceNativeSession(bridge: NativeBridge(webView: webView, options: options), events: events)
  }
}

/// One reference native bridge serving one scenario.
package final class ReferenceNativeSession: NativeSession {
  private let bridge: NativeBridge
  private weak var events: (any NativeSessionEvents)?
  private var responders: [Int: NativeBridge.ResponseCallback] = [:]
  private var nextInvocation = 0
  /// Sees each of the bridge's log lines before the harness does (a mutant
  /// of the session hooks its bug here); nil for the reference.
  package var logObserver: ((NativeBridgeLog) -> Void)?

  /// Serves one scenario with `bridge`, reporting to `events`.
  package init(bridge: NativeBridge, events: any NativeSessionEvents) {
    self.bridge = bridge
    self.events = events
    bridge.logHandler = { [weak self] log in
      self?.logObserver?(log)
      self?.events?.log(level: log.level.rawValue, code: log.code.rawValue, message: log.message)
    }
  }

  /// Forgets every answer still owed to the native side's handlers.
  package func forgetPendingAnswers() {
    responders.removeAll()
  }

  package var failure: ImplementationError? { nil }

  package func registerHandler(_ name: String) throws(ImplementationError) {
    bridge.registerHandler(name) { [weak self] data, respond in
      guard let self else { return }
      self.nextInvocation += 1
      let invocation = self.nextInvocation
      if let respond { self.responders[invocation] = respond }
      self.events?.handlerInvoked(name, data: data, invocation: invocation, canRespond: respond != nil, answered: false)
    }
  }

  package func removeHandler(_ name: String) throws(ImplementationError) {
    bridge.removeHandler(name)
  }

  package func respond(invocation: Int, data: JSONValue?) throws(ImplementationError) {
    // The responder is kept: a scripted handler answering twice calls it
    // twice, and the bridge itself must drop the second answer.
    responders[invocation]?(data)
  }

  package func callHandler(_ name: String, data: JSONValue?, callback: Int?) throws(ImplementationError) {
    let responseCallback: NativeBridge.ResponseCallback? = callback.map { id in
      { [weak self] value in self?.events?.callbackInvoked(callback: id, data: value) }
    }
    bridge.callHandler(name, data: data, responseCallback: responseCallback)
  }

  package func reset() throws(ImplementationError) {
    bridge.reset()
  }

  package func disableSafetyTimeout() throws(ImplementationError) {
    bridge.disableJavascriptAlertBoxSafetyTimeout()
  }

  package func close() {
    responders.removeAll()
    bridge.webView.navigationPolicy = { _ in .allow }
  }
}

extension BridgeProfile {
  /// The profile without its name and description: two profiles with the
  /// same key speak the same dialect.
  package var dialectKey: BridgeProfile {
    var key = self
    key.name = ""
    key.summary = ""
    key.describes = nil
    return key
  }
}

/// The classic build of a page bridge source (``PageBridgeBuild``), made
/// once, the first time it is asked for.
private final class ClassicBuild: Sendable {
  private let source: String
  private let builds: Bool
  private let made = Mutex<String?>(nil)

  init(source: String, builds: Bool) {
    self.source = source
    self.builds = builds
  }

  /// The classic build, or the source itself when it has none (or when
  /// none is wanted).
  var script: String {
    made.withLock { made in
      if let made { return made }
      let script = builds ? PageBridgeBuild.classic(from: source) ?? source : source
      made = script
      return script
    }
  }
}
