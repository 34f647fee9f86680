import Foundation
import JSONModel
import TestSupport
import Testing

/// A page bridge of another dialect (the names of the Swift WKWebView port:
/// `WKWebViewJavascriptBridge`, `_handleMessageFromiOS`, `callbackID`,
/// `responseID`) is checked with its profile: the reference native bridge
/// and both adapters speak its names, wire-level steps are translated, and
/// fixtures that spell classic names out are skipped with the reason.
@Suite("Page bridges of another dialect")
struct DialectEndToEndTests {
  /// A page bridge of our own in a dialect: bridgecheck's page bridge with
  /// the dialect written into its options (`WVJBReferenceOptions.dialect`),
  /// as one standalone script that any native side injects as it is.
  static func dialectBridge(dialect: JSONValue, transport: String, messageHandlerName: String? = nil) throws -> String {
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    var options: JSONObject = ["transport": .string(transport), "dialect": dialect]
    if let messageHandlerName { options["messageHandlerName"] = .string(messageHandlerName) }
    return "window.WVJBReferenceOptions = \(JSONValue.object(options).serialized());\n" + source
  }

  /// The shipped profile `name`, as JSON.
  static func shippedProfile(_ name: String) throws -> JSONValue {
    try JSONValue.parse(
      String(contentsOf: packageRoot.appendingPathComponent("conformance/profiles/\(name).json"), encoding: .utf8))
  }

  /// The Swift WKWebView port's dialect, as a page bridge of our own.
  static func portStyleBridge() throws -> String {
    try dialectBridge(
      dialect: shippedProfile("wkwebview-port"), transport: "messageHandlers",
      messageHandlerName: "iOS_Native_FlushMessageQueue")
  }

  private func summary(_ stdout: String) throws -> JSONValue? { try jsonReport(stdout)["summary"] }

  @Test func aPortStyleBridgePassesWithItsProfile() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("wk-bridge.js", Self.portStyleBridge())
    let bridge = scratch.path("wk-bridge.js")

    let reference = try bridgecheck(["run", "--js", bridge, "--profile", "wkwebview-port", "--format", "json"])
    #expect(reference.status == 0, "\(reference.stderr)")
    let counts = try summary(reference.stdout)
    #expect((counts?["passed"]?.numberValue ?? 0) >= 60, "\(counts.map { $0.serialized() } ?? "")")
    let results = try jsonReport(reference.stdout)["results"]?.arrayValue ?? []
    // Nothing fails: synchronous dispatch by design sends a handler's error
    // back to the native evaluation instead of window.onerror, so that
    // fixture is skipped with the reason.
    let failing = results.filter { $0["status"] == "fail" || $0["status"] == "error" }.compactMap {
      $0["id"]?.stringValue
    }
    #expect(failing.isEmpty, "\(failing)")
    let onerror = results.first { $0["id"] == "dispatch/handler-error-reaches-onerror" }
    #expect(onerror?["status"] == "skip")
    #expect(
      onerror?["message"]?.stringValue?.contains("goes back to the native side by design") == true,
      "\(onerror ?? .null)")
    // Start-up fixtures written in neutral terms run under the port's names
    // and its posted injection (they spelled classic names before).
    for id in ["startup-queue/wvjbcallbacks-deleted-after-drain", "startup-queue/second-injection-keeps-page-state"] {
      let result = results.first { $0["id"]?.stringValue == id }
      #expect(result?["status"] == "pass", "\(id): \(result ?? .null)")
    }

    // The port's names with the classic injection and transport too: the
    // page's setup snippet follows the profile's global and URL.
    try scratch.write(
      "wk-classic-transport.js",
      try Self.dialectBridge(
        dialect: [
          "names": ["global": "WKWebViewJavascriptBridge", "handleMessage": "_handleMessageFromiOS"],
          "fields": ["callbackId": "callbackID", "responseId": "responseID"],
        ], transport: "iframe"))
    try scratch.write(
      "both.json",
      #"{"name": "wk-both", "globalName": "WKWebViewJavascriptBridge", "handleMessageFunction": "_handleMessageFromiOS", "fields": {"callbackId": "callbackID", "responseId": "responseID"}}"#
    )
    let both = try bridgecheck([
      "run", "--js", scratch.path("wk-classic-transport.js"), "--profile", scratch.path("both.json"), "--filter",
      "startup-queue/*",
      "--format", "json",
    ])
    #expect(both.status == 0, "\(both.stdout.prefix(2_000))")
    #expect((try summary(both.stdout)?["passed"]?.numberValue ?? 0) >= 5)

    // The Swift reference adapter carries the port's dialect. The Python one
    // declares no on-post injection, the port's: every scenario is skipped,
    // and a run that judged nothing fails with the reason (it passed,
    // vacuously, before).
    for (native, judges) in [
      ("python3 conformance/adapters/python/adapter.py", false), ("bridgecheck reference-adapter", true),
    ] {
      let adapter = try bridgecheck([
        "run", "--js", bridge, "--profile", "wkwebview-port", "--native", native, "--filter", "callbacks/*",
        "--filter", "response-unknown/*", "--format", "json",
      ])
      #expect(adapter.status == (judges ? 0 : 1), "\(native): \(adapter.stdout.prefix(2_000))")
      #expect(try summary(adapter.stdout)?["failed"] == 0)
      let reason = try jsonReport(adapter.stdout)["nothingJudged"]?.stringValue
      if judges {
        #expect(reason == nil, "\(native)")
        #expect((try summary(adapter.stdout)?["passed"]?.numberValue ?? 0) >= 20, "\(native)")
      } else {
        #expect(reason?.contains("share no injection mode") == true, "\(native): \(reason ?? "")")
      }
    }
  }

  /// The profile matters: the classic bridge fails under the port's names,
  /// and the port's bridge under the classic ones.
  @Test func aBridgeUnderTheWrongProfileFails() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("wk-bridge.js", Self.portStyleBridge())
    let classicUnderPort = try bridgecheck([
      "run", "--js", "Sources/ReferenceBridges/Resources/page-bridge.js", "--profile", "wkwebview-port", "--filter",
      "callbacks/*",
    ])
    #expect(classicUnderPort.status == 1)
    let portUnderClassic = try bridgecheck([
      "run", "--js", scratch.path("wk-bridge.js"), "--profile", "wvjb-messagehandlers", "--filter", "callbacks/*",
    ])
    #expect(portUnderClassic.status == 1)
  }

  @Test func profileMistakesAreExplained() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let cases: [(file: String, text: String, expected: String)] = [
      ("list.json", #"{"fields": ["callbackID"]}"#, "#/fields: must be an object mapping classic field names"),
      ("field.json", #"{"fields": {"callbackID": "x"}}"#, "#/fields/callbackID: not a classic field name"),
      ("twice.json", #"{"fields": {"callbackId": "data"}}"#, "#/fields: two fields would have the same name"),
      ("name.json", #"{"globalName": "window.bridge"}"#, "#/globalName: must be a JavaScript identifier"),
      ("dispatch.json", #"{"dispatch": "sync"}"#, "#/dispatch: must be one of the known names"),
      ("transports.json", #"{"transports": ["iframes"]}"#, "#/transports: must be a non-empty array of known names"),
    ]
    for (file, text, expected) in cases {
      try scratch.write(file, text)
      let outcome = try bridgecheck([
        "run", "--js", "Sources/ReferenceBridges/Resources/page-bridge.js", "--profile", scratch.path(file),
      ])
      #expect(outcome.status == 2, "\(file)")
      #expect(
        outcome.stderr.contains(expected.replacingOccurrences(of: "profile.json", with: file)),
        "\(file): \(outcome.stderr)")
    }
  }

  /// Without --js the reference page bridge speaks the profile: a native
  /// side of another dialect is checked alone, through the adapter path and
  /// the doctor; `profiles` lists every shipped dialect and refuses a
  /// mechanism the harness cannot honour.
  @Test(arguments: ["jsbridge-1", "wkwebview-port", "prompt-android"])
  func aNativeSideOfAnotherDialectIsCheckedAlone(profile: String) throws {
    let run = try bridgecheck([
      "run", "--native", "bridgecheck reference-adapter", "--profile", profile, "--filter", "callbacks/*", "--format",
      "json",
    ])
    #expect(run.status == 0, "\(profile): \(run.stdout.prefix(2_000))")
    #expect((try summary(run.stdout)?["passed"]?.numberValue ?? 0) >= 3, "\(profile)")
    let doctor = try bridgecheck(["doctor", "--native", "bridgecheck reference-adapter", "--profile", profile])
    #expect(doctor.status == 0, "\(profile): \(doctor.stdout)")
  }

  @Test func profilesAreListedAndCheckedAtLoad() throws {
    let list = try bridgecheck(["profiles"])
    #expect(list.status == 0, "\(list.stdout)")
    for name in [
      "wvjb-classic", "wvjb-4", "wvjb-5", "wkwebview-port", "jsbridge-1", "jsbridge-2", "react-native", "flutter",
    ] {
      #expect(list.stdout.contains(name), "\(name) is listed")
    }
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "bad.json",
      #"{"name": "bad", "signals": [{"kind": "iframe", "url": "javascript:void(0)"}], "queue": {"return": "sometimes"}}"#
    )
    let check = try bridgecheck(["profiles", "--check", scratch.path("bad.json")])
    #expect(check.status == 2)
    #expect(check.stdout.contains("#/signals/0/url"), "\(check.stdout)")
    #expect(check.stdout.contains("#/queue/return"), "every problem at once: \(check.stdout)")
  }
}
