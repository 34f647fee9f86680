import BridgeImplementations
import Dialects
import JSONModel
import JSRuntime
import PageSimulation
import WebViewHosting

/// The harness's own page-side helper, installed at document start before
/// any bridge. It drives the page bridge through its public API (register,
/// call) and records what page handlers and callbacks receive through the
/// host function ``recordFunction``, which page code cannot intercept.
enum HarnessPageScript {
  /// The host function the helper records through.
  static let recordFunction = "__bridgecheckRecord"
  /// The name of the document-start script that holds the helper: an error
  /// whose source is this script was thrown by the harness's own page code.
  static let scriptName = "bridgecheck-harness.js"
  /// What the helper says when the global is missing and it cannot tell
  /// why (the harness says more when the trace shows the bridge injected).
  static let notInjectedPhrase = "the page bridge was not injected, or it was removed"
  /// The global the helper lives in (non-enumerable).
  static let helperGlobal = "__bridgecheck"
  /// The text every scripted throw carries, so that invariants can tell a
  /// fixture's deliberate throw from a bridge's own exception.
  static let scriptedThrowMarker = "[bridgecheck scripted throw]"
  /// The harness event that lists the built-ins the page replaced (field
  /// `replaced`, an array of names such as `setTimeout` or
  /// `Object.prototype.responseId (added)`).
  static let builtInsReplacedEvent = "builtins-replaced"
  /// Page-side code that records ``builtInsReplacedEvent`` when the page
  /// replaced, deleted or added built-ins since the helper was installed.
  static let builtInsCheck = "\(helperGlobal).checkBuiltIns();"
  /// The harness event saying that page code asked for something the
  /// dialect cannot express (field `reason`): the scenario is skipped with
  /// that reason.
  static let inexpressibleEvent = "dialect-cannot-express"

  /// Name of the document-start script that configures the page bridge
  /// under test for the scenario (``PageImplementation/pageOptionsScript(for:)``).
  static let pageOptionsScriptName = "bridgecheck-page-options.js"

  /// The global the fixtures' own page scripts use to reach the bridge in
  /// any dialect: `bridgecheckPage.callHandler(…)`, `.registerHandler(…)`,
  /// `.bridge()` and `.setup(fn)` (the dialect's setup function, or its
  /// ready event). Non-enumerable; see docs/fixtures.md.
  static let pageHelperGlobal = "bridgecheckPage"

  static func source(profile: BridgeProfile) -> String {
    let names = profile.names
    let optional = { (text: String?) -> JSONValue in text.map(JSONValue.string) ?? .null }
    let settings: JSONValue = [
      "globalName": .string(profile.globalName),
      "registerName": .string(names.registerHandler),
      "callName": .string(names.callHandler),
      "disableName": optional(names.disableSafetyTimeout),
      "initName": profile.handshake == .initCall ? .string(names.initFunction) : .null,
      "readyEvent": optional(names.readyEvent),
      "setupFunction": optional(names.setupFunction),
      "callbacksArray": optional(names.callbacksArray),
      "objectDelivery": .bool(profile.delivery == .object),
      "fetchQueue": .string(profile.fetchQueueFunction),
      "handleMessage": .string(profile.handleMessageFunction),
      "queueURL": .string(profile.queueMessageURL),
      "messageHandlerName": .string(profile.messageHandlerName),
      "marker": .string(scriptedThrowMarker),
      "scriptedThrowHook": .string(PageHooks.scriptedThrow),
      "builtInsReplacedEvent": .string(builtInsReplacedEvent),
      "convention": conventionSettings(profile),
      "inexpressibleEvent": .string(inexpressibleEvent),
      "notInjected": .string(notInjectedPhrase),
      "twoArgumentCall": .bool(profile.twoArgumentCall),
      "callbackJSONText": .bool(profile.callbackData == .jsonText),
      "profile": .string(profile.name),
    ]
    return "(\(template))(\(recordFunction), \(settings.serialized()));"
  }

  /// The page API's shape, for the helper (`convention` of the profile).
  static func conventionSettings(_ profile: BridgeProfile) -> JSONValue {
    let convention = profile.convention
    var split: JSONValue = .null
    if case .split(let fields, let separator) = convention.handlerName {
      split = ["fields": .array(fields.map(JSONValue.string)), "separator": .string(separator)]
    }
    return [
      "pageCall": .string(convention.pageCall.rawValue), "callbackKey": .string(convention.callbackKey),
      "pageRegister": .string(convention.pageRegister.rawValue), "split": split,
      "handlerField": .string(profile.fields.handlerName), "dataField": .string(profile.fields.data),
      "dataMustBeObject": .bool(convention.callbackId == .data || convention.pageCall == .paramsCallback),
      "profile": .string(profile.name),
    ]
  }

  /// A behaviour as the helper reads it.
  static func json(_ behaviour: Behaviour) -> JSONValue {
    var object: JSONObject = ["times": .number(Double(behaviour.times)), "delay": .number(Double(behaviour.delay))]
    switch behaviour.respond {
    case .echo?: object["respond"] = ["echo": true]
    case .value(let value?)?: object["respond"] = ["value": value]
    case .value(nil)?: object["respond"] = ["undefined": true]
    case nil: break
    }
    if let message = behaviour.throwMessage { object["throw"] = .string(message) }
    if let call = behaviour.call {
      var spec: JSONObject = ["handler": .string(call.handler), "hasData": .bool(call.data != nil)]
      if let data = call.data { spec["data"] = data }
      if let label = call.callbackLabel { spec["label"] = .string(label) }
      object["call"] = .object(spec)
    }
    return .object(object)
  }

  private static let template = ScriptResources().text(of: "harness-page.js")
}
