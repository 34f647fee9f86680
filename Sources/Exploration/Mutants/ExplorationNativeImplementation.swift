import BridgeImplementations
import JSONModel
import PageSimulation
import ReferenceBridges

/// The reference native bridge with one ``ExplorationFault``: an
/// exploration mutant of the native side. In process.
public struct ExplorationNativeImplementation: NativeImplementation {
  /// The bug switched on.
  public let fault: ExplorationFault
  private let reference = ReferenceNativeImplementation()

  /// Creates the mutant.
  public init(fault: ExplorationFault) { self.fault = fault }

  public var name: String { "reference+" + fault.rawValue }
  public var version: String? { nil }
  public var transports: [Transport] { reference.transports }
  public var injections: [Injection] { reference.injections }
  public var features: Set<String> { reference.features }

  public func startSession(
    webView: SimulatedWebView, configuration: SessionConfiguration, pageScript: String,
    events: any NativeSessionEvents
  ) throws(ImplementationError) -> any NativeSession {
    let options = NativeBridgeOptions(configuration: configuration, pageScript: pageScript)
    let view = FaultyBridgeWebView(base: webView, fault: fault, fetchScript: options.profile.fetchQueueScript)
    return ExplorationNativeSession(
      bridge: NativeBridge(webView: view, options: options), view: view, fault: fault, events: events)
  }
}

/// One mutant native bridge serving one scenario (the same glue as the
/// reference session).
final class ExplorationNativeSession: NativeSession {
  private let bridge: NativeBridge
  private let view: FaultyBridgeWebView
  private let fault: ExplorationFault
  private weak var events: (any NativeSessionEvents)?
  private var responders: [Int: NativeBridge.ResponseCallback] = [:]
  private var nextInvocation = 0

  init(bridge: NativeBridge, view: FaultyBridgeWebView, fault: ExplorationFault, events: any NativeSessionEvents) {
    self.bridge = bridge
    self.view = view
    self.fault = fault
    self.events = events
    bridge.logHandler = { [weak self] log in
      guard let self else { return }
      // FAULT responders-cleared-each-batch: a new batch forgets the answers
      // still owed to the previous ones.
      if self.fault == .respondersClearedEachBatch && log.code.rawValue == "fetched" { self.responders.removeAll() }
      self.events?.log(level: log.level.rawValue, code: log.code.rawValue, message: log.message)
    }
  }

  var failure: ImplementationError? { nil }

  func registerHandler(_ name: String) throws(ImplementationError) {
    bridge.registerHandler(name) { [weak self] data, respond in
      guard let self else { return }
      self.nextInvocation += 1
      let invocation = self.nextInvocation
      if let respond { self.responders[invocation] = respond }
      self.events?.handlerInvoked(name, data: data, invocation: invocation, canRespond: respond != nil)
    }
  }

  func removeHandler(_ name: String) throws(ImplementationError) { bridge.removeHandler(name) }

  func respond(invocation: Int, data: JSONValue?) throws(ImplementationError) { responders[invocation]?(data) }

  func callHandler(_ name: String, data: JSONValue?, callback: Int?) throws(ImplementationError) {
    let responseCallback: NativeBridge.ResponseCallback? = callback.map { id in
      { [weak self] value in self?.events?.callbackInvoked(callback: id, data: value) }
    }
    bridge.callHandler(name, data: data, responseCallback: responseCallback)
  }

  func reset() throws(ImplementationError) { bridge.reset() }

  func disableSafetyTimeout() throws(ImplementationError) { bridge.disableJavascriptAlertBoxSafetyTimeout() }

  func close() {
    responders.removeAll()
    view.navigationPolicy = { _ in .allow }
  }
}
