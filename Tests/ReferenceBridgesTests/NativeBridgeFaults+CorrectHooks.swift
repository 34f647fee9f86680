import Dialects
import Foundation
import JSONModel
import TestSupport
import Testing
import WebViewHosting

@testable import ReferenceBridges

/// The fault hooks of the reference native bridge (``NativeBridgeFaults``):
/// with no fault switched on, every hook is the correct bridge's own step,
/// and the bridge's flow holds no fault checks of its own.
@Suite("Native bridge: fault hooks without faults")
struct NativeBridgeFaultsCorrectHookTests {
  let none = NativeBridgeFaults([])

  @Test func decisionsAreTheCorrectOnes() {
    #expect(none.removesHandlers)
    #expect(none.disablesSafetyTimeout)
    #expect(!none.sendsRepeatedAnswers)
    #expect(none.goesOnAfterBadEntry)
    #expect(none.answersMissingHandler)
    #expect(none.injects(afterInjections: 0) && none.injects(afterInjections: 3))
    #expect(none.deliversResponse(withData: nil) && none.deliversResponse(withData: 0))
    #expect(none.startsFetch() && none.startsFetch(), "a signal during a fetch fetches again")
  }

  @Test func valuesPassThroughUnchanged() {
    #expect(none.callbackID("objc_cb_7", now: VirtualTime(milliseconds: 12)) == "objc_cb_7")
    let queue: [JSONObject] = [["handlerName": "a"], ["handlerName": "b"]]
    #expect(none.startupMessagesToFlush(queue) == queue)
    for id: JSONValue? in [nil, "", 0, false, .null, "objc_cb_1"] {
      #expect(none.requestCallbackID(id) == id)
    }
    #expect(none.responseCallback(nil, answerWithNullID: { { _ in } }) == nil)
    #expect(none.unknownResponseAsRequest(["responseId": "x", "handlerName": "h"]) == nil)
    #expect(
      none.response(responseID: "objc_cb_1", responseData: nil) == ["responseId": "objc_cb_1", "responseData": .null])
    let message: JSONObject = ["handlerName": "h", "data": "it's \u{2028}"]
    #expect(none.deliveryScript(for: message, profile: .classic) == BridgeMessageCodec.deliveryScript(for: message))
    #expect(none.classify(["responseId": ""]) == BridgeMessageCodec.classify(["responseId": ""]))
  }

  @Test func takingACallbackRemovesIt() {
    var pending: [ExactName: Int] = [ExactName("objc_cb_1"): 1]
    #expect(none.takeCallback(ExactName("objc_cb_1"), from: &pending) == 1)
    #expect(pending.isEmpty)
  }

  @Test func resetDropsTheCallbacks() {
    var dropped = false
    none.reset(droppingCallbacks: { dropped = true })
    #expect(dropped)
  }

  @Test func nothingIsReplayedAndNoAnomalyIsMishandled() {
    none.startupQueueFlushed([["handlerName": "a"]])
    var replayed: [JSONObject] = []
    none.startupQueueAlreadyFlushed(deliver: { replayed.append($0) })
    #expect(replayed.isEmpty)
    let anomalies: [NativeBridgeFaults.Anomaly] = [
      .emptyFetch(nil), .emptyFetch(""), .malformedQueue("[{"), .nonArrayQueue([:]),
      .nonObjectEntry(1, index: 0), .unknownResponse("objc_cb_9"), .missingHandler("nope"),
    ]
    for anomaly in anomalies {
      #expect(!none.mishandles(anomaly))
    }
  }

  @Test func everyNavigationGetsTheCorrectDecision() {
    var asked = 0
    let app: (NavigationAction) -> NavigationPolicy = { _ in
      asked += 1
      return .cancel
    }
    let urls: [DialectURL] = [.notBridge, .unknown, .bridgeLoaded, .signal(payload: nil), .returnedQueue("[]")]
    for url in urls {
      #expect(
        none.navigationPolicy(for: NavigationAction(url: "about:blank", frame: .iframe), url: url, app: app) == nil)
    }
    #expect(asked == 0, "the correct bridge asks the app itself, only for what is not a bridge URL")
  }

  /// The bridge's own files call the hooks and never test a fault: every
  /// ``NativeBridgeFault`` acts in NativeBridgeFault+Behaviour.swift (or the
  /// codec, URL and escaping variants it picks).
  @Test func theBridgeFlowHoldsNoFaultChecks() throws {
    let folder = packageRoot.appendingPathComponent("Sources/ReferenceBridges")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("NativeBridge") && !$0.hasPrefix("NativeBridgeFault") && $0.hasSuffix(".swift") }
    #expect(files.contains("NativeBridge.swift"))
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for forbidden in ["NativeBridgeFault.", "faults.contains", "faults.active", "FAULT "] {
        let mentions = text.contains(forbidden)
        #expect(!mentions, "\(file) mentions \(forbidden)")
      }
    }
  }
}
