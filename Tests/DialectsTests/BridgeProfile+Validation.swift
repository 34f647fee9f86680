import Dialects
import JSONModel
import Testing

@Suite("Profile validation")
struct BridgeProfileValidationTests {
  func problems(_ text: String) throws -> [ImplementationFileProblem] {
    switch BridgeProfile.decode(try JSONValue.parse(text), file: "p.json") {
    case .success: return []
    case .failure(let problems): return problems.problems
    }
  }

  @Test func everyProblemIsReportedWithItsPointer() throws {
    let found = try problems(
      #"{"name": "x", "names": {"global": "1bad"}, "signals": [{"kind": "smoke"}], "dispatch": {"mode": "sometimes"}, "extra": 1}"#
    )
    let pointers = Set(found.map(\.pointer.description))
    #expect(pointers.isSuperset(of: ["/extra", "/names/global", "/signals/0/kind", "/dispatch/mode"]), "\(found)")
    #expect(found.allSatisfy { $0.hint != nil || $0.message.contains("string") })
  }

  @Test func aSignalTheHarnessCannotInterceptIsRefusedAtLoad() throws {
    let found = try problems(#"{"name": "x", "signals": [{"kind": "iframe", "url": "javascript:void(0)"}]}"#)
    #expect(found.map(\.pointer.description) == ["/signals/0/url"])
    let pageHost = try problems(
      #"{"name": "x", "signals": [{"kind": "location", "url": "https://app.bridgecheck.test/q"}]}"#)
    #expect(pageHost.map(\.pointer.description) == ["/signals/0/url"])
  }

  @Test func contradictionsAreRefused() throws {
    let found = try problems(#"{"name": "x", "dispatch": {"mode": "synchronous", "switch": "_off"}}"#)
    #expect(found.map(\.pointer.description) == ["/dispatch/switch"])
    let half = try problems(#"{"name": "x", "names": {"callbacksArray": null}}"#)
    #expect(half.map(\.pointer.description) == ["/names/setupFunction"])
  }

  @Test func theFlatFormatStillLoads() throws {
    let value = try JSONValue.parse(
      #"{"name": "port", "globalName": "WKWebViewJavascriptBridge", "messageHandlerName": "flush", "transports": ["message-handlers"], "injections": ["document-start"], "dispatch": "synchronous", "fields": {"callbackId": "callbackID"}}"#
    )
    let profile = try BridgeProfile.decode(value, file: "p.json").get()
    #expect(profile.names.global == "WKWebViewJavascriptBridge")
    #expect(profile.signals == [SignalMechanism(kind: .messageHandlers, name: "flush")])
    #expect(profile.injections == [.documentStart])
    #expect(profile.safetyTimeoutHandler == nil)
    #expect(profile.fields.callbackId == "callbackID")
  }

  @Test func aProfileReadsBackFromItsOwnJSON() throws {
    var profile = BridgeProfile(name: "round-trip", queue: .navigation, queueReturnURL: "yy://return/_fetchQueue/")
    profile.signals = [SignalMechanism(kind: .iframe, url: "yy://__QUEUE_MESSAGE__/")]
    profile.names.readyEvent = "WebViewJavascriptBridgeReady"
    profile.handshake = .initCall
    profile.envelope = Envelope(payloadKey: "messages", constants: ["type": "queue"], counterKey: "index")
    #expect(try BridgeProfile.decode(profile.json, file: "p.json").get() == profile)
  }
}

@Suite("Identifiers in profiles")
struct ProfileIdentifierTests {
  func globalProblems(_ name: String) -> [String] {
    let document: JSONValue = ["name": "x", "names": ["global": .string(name)]]
    switch BridgeProfile.decode(document, file: "p.json") {
    case .success: return []
    case .failure(let problems): return problems.problems.map(\.pointer.description)
    }
  }

  @Test(arguments: ["WebViewJavascriptBridge", "_bridge", "$b", "a1_$", "Z"])
  func javaScriptIdentifiersAreAccepted(_ name: String) {
    #expect(globalProblems(name).isEmpty)
  }

  @Test(arguments: ["", "1bad", "a-b", "a.b", "a b", "é", "a\u{0}", "bridge😀"])
  func otherNamesAreRefused(_ name: String) {
    #expect(globalProblems(name) == ["/names/global"])
  }
}

@Suite("Profile problem codes")
struct BridgeProfileProblemCodeTests {
  @Test func aProblemOfAProfileHasACodeFilePointerAndFix() throws {
    let value = try JSONValue.parse(#"{"name": "x", "dispatch": {"mode": "sometimes"}}"#)
    guard case .failure(let found) = BridgeProfile.decode(value, file: "p.json") else {
      Issue.record("an unknown dispatch mode was accepted")
      return
    }
    let problem = try #require(found.problems.first)
    #expect(found.problems.count == 1)
    #expect(problem.code == "unknown-value")
    #expect(problem.file == "p.json")
    #expect(problem.pointer.description == "/dispatch/mode")
    #expect(
      problem.description
        == "p.json#/dispatch/mode: must be one of the known names [unknown-value]\n  hint: allowed: deferred, synchronous"
    )
  }

  @Test func aMissingProfileFileHasItsCode() throws {
    guard case .failure(let found) = BridgeProfile.load("no-such-one", profilesFolder: "/nonexistent") else {
      Issue.record("a missing profile loaded")
      return
    }
    #expect(found.problems.map(\.code) == ["no-such-profile"])
  }

  @Test func crossMemberProblemsHaveTheirCodes() throws {
    let value = try JSONValue.parse(
      #"{"name": "x", "signals": [{"kind": "iframe", "url": "https://a/"}, {"kind": "iframe", "url": "https://b/"}]}"#)
    guard case .failure(let found) = BridgeProfile.decode(value, file: "p.json") else {
      Issue.record("two iframe signals were accepted")
      return
    }
    #expect(found.problems.contains { $0.code == "duplicate-name" && $0.pointer.description == "/signals/1/kind" })
  }
}
