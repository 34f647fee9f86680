import BridgecheckAdapter
import Foundation
import JSONModel
import WebKit

/// The commands of the adapter protocol, performed on a
/// ``NativeBridgeUnderTest`` and its ``WebKit/WKWebView``.
@MainActor
final class NativeKitServer: @preconcurrency AdapterCommandPerformer {
  /// Where the events go.
  let output = AdapterOutput()
  private let bridgeType: any NativeBridgeUnderTest.Type
  private var session: NativeKitSession?
  /// The minor version both sides speak, and the page script of the last `start`.
  private var conversation = AdapterConversation(adapterMinorVersion: NativeKitServer.minorVersion)
  /// What a probe instance hooked, found at `hello`.
  private var probed = BridgeRegistrations()
  private(set) var exitRequested = false

  /// The minor version this kit speaks.
  static let minorVersion = AdapterProtocol.minorVersion

  init(bridgeType: any NativeBridgeUnderTest.Type) {
    self.bridgeType = bridgeType
  }

  /// The minor version both sides speak.
  var minorVersion: Int { conversation.minorVersion }
  var readsTextBlocks: Bool { conversation.readsTextBlocks }

  func perform(_ command: JSONObject, output: AdapterOutput) throws(AdapterProtocolError) {
    let type = try AdapterConversation.type(of: command)
    switch type {
    case .hello:
      conversation.heardHello(command)
      probed = probe()
      output.emit(.hello, helloFields)
    case .start:
      session = nil
      try start(command)
    case .stop:
      session?.end()
      session = nil
      PageScriptStore.log = nil
    case .exit:
      session?.end()
      session = nil
      exitRequested = true
    default:
      guard let session else { throw AdapterProtocolError("\(type.rawValue) before start") }
      try session.perform(type, command, conversation: conversation)
    }
    runMainQueue()
  }

  /// Builds a bridge on a web view that goes nowhere, to learn what it
  /// hooks (what `hello` declares).
  private func probe() -> BridgeRegistrations {
    let recorder = RegistrationRecorder()
    let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
    webView.host = recorder
    let bridge = bridgeType.init(webView: webView)
    withExtendedLifetime(bridge) {}
    return recorder.registrations
  }

  private var helloFields: JSONObject {
    [
      "protocol": .number(Double(AdapterProtocol.version)),
      "minor": .number(Double(Self.minorVersion)),
      "name": .string(String(describing: bridgeType)),
      "transports": .array(probed.transports.map(JSONValue.string)),
      "injections": .array(probed.injections.filter { $0 != "page" || minorVersion >= 2 }.map(JSONValue.string)),
      "features": [],
    ]
  }

  private func start(_ command: JSONObject) throws(AdapterProtocolError) {
    let pageScript = try conversation.pageScript(of: command)
    PageScriptStore.current = pageScript
    PageScriptStore.log = { [output] level, code, message in
      output.emit(.log, ["level": .string(level), "code": .string(code), "message": .string(message)])
    }
    let made = NativeKitSession(
      bridgeType: bridgeType, pageScript: pageScript, minorVersion: minorVersion, output: output)
    guard made.registrations.hearsThePage else {
      made.end()
      throw AdapterProtocolError("start: \(BridgeRegistrations.deafMessage)")
    }
    session = made
  }

  /// Runs what the bridge queued on the main queue (`DispatchQueue.main.async`,
  /// main-actor tasks) and the main run loop's timers that are due, before
  /// the answer is written, as a web view's run loop would soon; and waits
  /// for the tasks that an `async` `evaluateJavaScript` resumes, for at
  /// most two seconds (then the harness's time limit is near).
  ///
  /// One pass of the run loop does not always reach the main queue: a pass
  /// ends after one wake-up, and a wake-up left over from an earlier pass
  /// (its time-out firing on another thread just as it ended) takes it.
  /// So a marker is queued behind what the bridge queued, and passes run
  /// until the marker has run; then again while that work queued more or a
  /// timer is due, at most 16 times.
  ///
  /// A round starts only when there is work (``MainRunLoopWork/pending``,
  /// or an `async` evaluation resuming): most commands queue nothing, and
  /// a pass of the run loop costs more than the rest of such a command.
  private func runMainQueue() {
    let deadline = DispatchTime.now() + .seconds(2)
    var rounds = 0
    while rounds < 16 {
      guard MainRunLoopWork.pending || (session?.asyncEvaluationsResuming ?? 0) > 0 else { return }
      guard Self.drainMainQueue(until: deadline) else { return }
      if let session, session.asyncEvaluationsResuming > 0 {
        // The resumed task reaches the main actor through the run loop.
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        guard DispatchTime.now() < deadline else { return }
        continue
      }
      rounds += 1
    }
  }

  /// Runs passes of the main run loop until everything on the main queue
  /// when it was called has run; false when `deadline` came first.
  private static func drainMainQueue(until deadline: DispatchTime) -> Bool {
    let marker = MainQueueMarker()
    DispatchQueue.main.async { marker.reached = true }
    var passes = 0
    while !marker.reached {
      _ = RunLoop.main.run(mode: .default, before: .distantPast)
      passes += 1
      if passes % 64 == 0, DispatchTime.now() >= deadline { return false }
    }
    return true
  }
}

/// Set by a block on the main queue, read on the main thread.
private final class MainQueueMarker: @unchecked Sendable {
  var reached = false
}

/// Records what a probe bridge hooks.
@MainActor
private final class RegistrationRecorder: WKWebViewHost {
  var registrations = BridgeRegistrations()
  func evaluate(_ script: String, completion: ((Any?, (any Error)?) -> Void)?) {}
  func scriptMessageHandlerAdded(name: String) { registrations.messageHandlers.append(name) }
  func scriptMessageHandlerRemoved(name: String) {}
  func userScriptAdded(_ script: WKUserScript) { registrations.userScriptTimes.insert(script.injectionTime) }
  func userScriptsRemoved() {}
  func navigationDelegateChanged(isSet: Bool) { registrations.interceptsNavigation = isSet }
  func uiDelegateChanged(isSet: Bool) { registrations.showsPanels = isSet }
  var pageURL: URL? { nil }
  /// The session the harness starts next reports it.
  func loadRequested(_ what: String) {}
  func asyncEvaluationResuming() {}
  func asyncEvaluationResumed() {}
}
