import Dialects
import JSONModel
import Testing

/// Profiles that would silently say something else than what their file
/// says are refused at load, each problem with its pointer and the fix: no
/// name, the earlier flat format mixed with the current one, a flat member
/// that has no effect.
@Suite("Profile refusals")
struct BridgeProfileRefusalTests {
  func problems(_ text: String) throws -> [ImplementationFileProblem] {
    switch BridgeProfile.decode(try JSONValue.parse(text), file: "p.json") {
    case .success: return []
    case .failure(let problems): return problems.problems
    }
  }

  @Test func aProfileWithoutANameIsRefused() throws {
    let found = try problems(#"{"names": {"global": "MyBridge"}}"#)
    #expect(found.map(\.pointer.description) == ["/name"])
    #expect(found.first?.hint?.contains("\"name\"") == true)
    #expect(try problems(#"{"name": "named", "names": {"global": "MyBridge"}}"#).isEmpty)
  }

  @Test func flatMembersNextToCurrentOnesAreRefusedWithTheirCurrentSpelling() throws {
    let found = try problems(
      #"{"name": "x", "globalName": "A", "handleMessageFunction": "h", "transports": ["iframe"], "signals": [{"kind": "channel", "name": "C"}]}"#
    )
    #expect(found.map(\.pointer.description) == ["/globalName", "/handleMessageFunction", "/transports"])
    #expect(found[0].hint?.contains("\"names\": {\"global\"") == true)
    #expect(found[1].hint?.contains("\"names\": {\"handleMessage\"") == true)
    #expect(found[2].hint?.contains("\"signals\"") == true)
    #expect(found.allSatisfy { $0.message.contains("\"signals\"") })
    // Injections and dispatch written as objects are the current format too.
    let injections = try problems(
      #"{"name": "x", "bridgeLoadedURL": "https://__b__", "injections": [{"kind": "after-load"}]}"#)
    #expect(injections.map(\.pointer.description) == ["/bridgeLoadedURL"])
    let dispatch = try problems(#"{"name": "x", "globalName": "A", "dispatch": {"mode": "deferred"}}"#)
    #expect(dispatch.map(\.pointer.description) == ["/globalName"])
  }

  @Test func membersBothFormatsShareAreNoMix() throws {
    // fields, injections as names and dispatch as a name belong to both.
    let value = try JSONValue.parse(
      #"{"name": "flat", "globalName": "A", "transports": ["iframe"], "injections": ["bridge-loaded"], "dispatch": "synchronous", "fields": {"callbackId": "callbackID"}}"#
    )
    let profile = try BridgeProfile.decode(value, file: "p.json").get()
    #expect(profile.names.global == "A")
    #expect(profile.dispatch == .synchronous)
  }

  @Test func aFlatMemberWithoutEffectIsRefused() throws {
    #expect(
      try problems(#"{"name": "x", "messageHandlerName": "h"}"#).map(\.pointer.description) == ["/messageHandlerName"])
    #expect(
      try problems(#"{"name": "x", "messageHandlerName": "h", "transports": ["iframe"]}"#).map(\.pointer.description)
        == ["/messageHandlerName"])
    #expect(
      try problems(
        #"{"name": "x", "queueMessageURL": "wvjbscheme://__Q__", "messageHandlerName": "h", "transports": ["message-handlers"]}"#
      )
      .map(\.pointer.description) == ["/queueMessageURL"])
    #expect(
      try problems(#"{"name": "x", "bridgeLoadedURL": "https://__b__", "injections": ["document-start"]}"#).map(
        \.pointer.description)
        == ["/bridgeLoadedURL"])
    #expect(
      try problems(#"{"name": "x", "messageHandlerName": "h", "transports": ["iframe", "message-handlers"]}"#).isEmpty)
  }

  @Test func peerFactsAreReadWithTheirEvidenceAndCheckedAtLoad() throws {
    let profile = try BridgeProfile.decode(
      try JSONValue.parse(
        #"{"name": "x", "peers": {"native": [{"fact": "ignores-unknown-response-ids", "evidence": "Base.swift flush"}]}}"#
      ),
      file: "p.json"
    ).get()
    #expect(profile.stated(.ignoresUnknownResponseIDs)?.evidence == "Base.swift flush")
    #expect(profile.stated(.evaluatesAsynchronously) == nil)
    #expect(try BridgeProfile.decode(profile.json, file: "p.json").get() == profile)
    let found = try problems(
      #"{"name": "x", "peers": {"native": [{"fact": "crashes", "evidence": "e"}, {"fact": "evaluates-asynchronously"}, {"fact": "evaluates-asynchronously", "evidence": "e"}, {"fact": "evaluates-asynchronously", "evidence": "f"}], "app": []}}"#
    )
    #expect(
      Set(found.map(\.pointer.description))
        == ["/peers/native/0/fact", "/peers/native/1/evidence", "/peers/native/3/fact", "/peers/app"])
  }

  @Test func twoArgumentCallAndCallbackDataAreRead() throws {
    let profile = try BridgeProfile.decode(
      try JSONValue.parse(#"{"name": "x", "twoArgumentCall": false, "callbackData": "json-text"}"#), file: "p.json"
    ).get()
    #expect(!profile.twoArgumentCall && profile.callbackData == .jsonText)
    #expect(try BridgeProfile.decode(profile.json, file: "p.json").get() == profile)
    let found = try problems(#"{"name": "x", "twoArgumentCall": "no", "callbackData": "text"}"#)
    #expect(found.map(\.pointer.description) == ["/twoArgumentCall", "/callbackData"])
  }

  @Test func aHostObjectWithoutGenericMethodCallsHandlerMethodsOnly() throws {
    let text =
      #"{"name": "x", "signals": [{"kind": "host-object", "name": "H", "method": null, "handlerMethods": true, "answerMethod": "response"}], "queue": {"return": "per-message"}}"#
    let profile = try BridgeProfile.decode(try JSONValue.parse(text), file: "p.json").get()
    #expect(profile.hostObjectCalls?.calls.genericMethod == false)
    #expect(
      profile.hostObjectMethods(handlers: ["echo", "it's", "ключ", "a.b", "$x"]) == ["response", "$x", "echo", "ключ"])
    #expect(profile.pageCallCanReachNative("echo") && !profile.pageCallCanReachNative("it's"))
    #expect(try BridgeProfile.decode(profile.json, file: "p.json").get() == profile)
    // With a method, it is the fall-back, and every name reaches native code.
    let generic = try BridgeProfile.decode(
      try JSONValue.parse(text.replacingOccurrences(of: #""method": null"#, with: #""method": "send""#)), file: "p.json"
    ).get()
    #expect(generic.hostObjectCalls?.calls.genericMethod == true && generic.pageCallCanReachNative("it's"))
    // Without handler methods, a host object needs its method.
    let bare = try problems(#"{"name": "x", "signals": [{"kind": "host-object", "name": "H", "method": null}]}"#)
    #expect(bare.map(\.pointer.description) == ["/signals/0/method"])
  }

  @Test func aFetchMayReturnTheQueueArrayItself() throws {
    let fetched = try problems(#"{"name": "x", "queue": {"return": "fetch", "encoding": "object"}}"#)
    #expect(fetched.isEmpty, "\(fetched)")
    let carried = try problems(#"{"name": "x", "queue": {"return": "per-message", "encoding": "object"}}"#)
    #expect(carried.map(\.pointer.description) == ["/queue/encoding"])
  }
}
