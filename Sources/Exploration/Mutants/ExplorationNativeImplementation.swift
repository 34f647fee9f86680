import BridgeImplementations
import Dialects
import JSONModel
import ReferenceBridges
import ReferenceImplementations
import WebViewHosting

/// The reference native bridge with one ``ExplorationFault``: an
/// exploration mutant of the native side. In process.
package struct ExplorationNativeImplementation: NativeImplementation {
  /// The bug switched on.
  package let fault: ExplorationFault
  private let reference = ReferenceNativeImplementation()

  /// Creates the mutant.
  package init(fault: ExplorationFault) { self.fault = fault }

  package var name: String { "reference+" + fault.rawValue }
  package var version: String? { nil }
  package var transports: [Transport] { reference.transports }
  package var injections: [Injection] { reference.injections }
  package var features: Set<String> { reference.features }

  package func startSession(
    webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String,
    events: any NativeSessionEvents
  ) throws(ImplementationError) -> any NativeSession {
    let options = NativeBridgeOptions(configuration: configuration, pageScript: pageScript)
    let view = FaultyBridgeWebView(base: webView, fault: fault, fetchScript: options.profile.fetchQueueScript)
    let session = ReferenceNativeSession(bridge: NativeBridge(webView: view, options: options), events: events)
    if fault == .respondersClearedEachBatch {
      // FAULT responders-cleared-each-batch: a new batch forgets the answers
      // still owed to the previous ones.
      session.logObserver = { [weak session] log in
        if log.code.rawValue == "fetched" { session?.forgetPendingAnswers() }
      }
    }
    return session
  }
}
