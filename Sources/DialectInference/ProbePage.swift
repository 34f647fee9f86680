import JSONModel
import PageSimulation
import WebViewHosting

/// One simulated page with the inference kit (``InferenceKit``) and a page
/// bridge loaded in it, driven step by step: each step evaluates a call of
/// the kit, runs the page until it is idle, and hands back what the kit and
/// the web view recorded meanwhile.
final class ProbePage {
  /// How the page is set up before the bridge loads.
  struct Setup: Hashable {
    /// Globals that stand in for a host object or channel from the start.
    var loadStubs: [String] = []
    /// Whether unknown globals and message handlers come into being when a
    /// probe call looks them up.
    var fabricate = false
    /// Start-up arrays the page holds before the bridge loads.
    var presetArrays: [String] = []
    /// The page's `navigator.userAgent` (nil: the simulated page's own).
    var userAgent: String?
    /// Members the bridge assigns itself somewhere: a stand-in never makes them up.
    var assignedMembers: [String] = []

    var kitConfiguration: JSONValue {
      [
        "loadStubs": .array(loadStubs.map(JSONValue.string)), "fabricate": .bool(fabricate),
        "presetMethods": .array(ProbeNames.hostMethods.map(JSONValue.string)),
        "presetArrays": .array(presetArrays.map(JSONValue.string)),
        "assignedMembers": .array(assignedMembers.map(JSONValue.string)),
      ]
    }
  }

  /// A navigation the page asked for.
  struct Navigation: Hashable {
    var url: String
    var mainFrame: Bool
  }

  /// What one step recorded.
  struct Observation {
    /// The kit's events, in order.
    var events: [JSONValue] = []
    /// The navigations the page asked for.
    var navigations: [Navigation] = []
    /// Exceptions no code caught (message, line, column), in the page's own tasks.
    var uncaught: [JSONObject] = []

    mutating func append(_ other: Observation) {
      events += other.events
      navigations += other.navigations
      uncaught += other.uncaught
    }

    func events(_ kind: String) -> [JSONValue] { events.filter { $0["k"]?.stringValue == kind } }
  }

  let web: SimulatedWebView
  private var traceMark = 0
  /// Set when the page passed one of its limits: nothing it does counts any more.
  var limitViolation: String? { web.limitViolation?.message }

  /// A page loading the wrapped bridge `script` as its one page script.
  init(script: String, file: String, setup: Setup) {
    var configuration = PageConfiguration(
      scriptTimeLimit: .milliseconds(500), userAgent: setup.userAgent, sharesContextGroup: true)
    configuration.limits.maxTraceEvents = 20_000
    web = SimulatedWebView(configuration: configuration)
    web.navigationPolicy = { _ in .cancel }
    web.addUserScript(
      PageScript(name: "bridgecheck-infer-kit.js", source: InferenceKit.script(configuration: setup.kitConfiguration)),
      injectionTime: .atDocumentStart)
    web.load(
      PageSource(url: "https://app.bridgecheck.test/index.html", scripts: [PageScript(name: file, source: script)]))
  }

  deinit { web.close() }

  /// Loads the page and runs it until it is idle; what the load recorded.
  func load() -> Observation {
    settle()
    let observation = take()
    _ = evaluate("__bcInfer.setPhase('probe')")
    return observation
  }

  /// Evaluates `script` (a call of the kit), runs the page until it is
  /// idle, and returns the script's value with what was recorded.
  func step(_ script: String) -> (value: JSONValue?, observation: Observation) {
    let value = evaluate(script)
    settle()
    return (value, take())
  }

  /// Calls the function at `path` (a global and its members) with arguments
  /// built by the kit from `arguments` (see ``ProbeArgument``); `arm` lets
  /// stand-ins answer unknown members; with `settleTag`, what a Promise the
  /// call returns settles with is recorded as a callback under that tag.
  func call(_ path: [String], _ arguments: [ProbeArgument], arm: Bool = false, settleTag: String? = nil) -> (
    value: JSONValue?, observation: Observation
  ) {
    let pathJSON = JSONValue.array(path.map(JSONValue.string)).serialized()
    let specs = JSONValue.array(arguments.map(\.spec)).serialized()
    let tag = settleTag.map { JSONValue.string($0).serialized() } ?? "undefined"
    return step("__bcInfer.call(\(pathJSON), \(specs), \(arm), \(tag))")
  }

  /// The type of what `path` (a global and its members) names now.
  func typeAt(_ path: [String]) -> String? {
    evaluate("__bcInfer.typeAt(\(JSONValue.array(path.map(JSONValue.string)).serialized()))")?.stringValue
  }

  /// What the page holds now (``InferenceKit``'s `survey`).
  func survey() -> JSONValue? { evaluate("__bcInfer.survey()") }

  /// Makes calls of stand-in methods named `method` return `value`.
  func setReturn(_ method: String, _ value: JSONValue) {
    _ = evaluate("__bcInfer.setReturn(\(JSONValue.string(method).serialized()), \(value.serialized()))")
  }

  private func evaluate(_ script: String) -> JSONValue? {
    var outcome: JSONValue?
    web.evaluateJavaScript(script) { result in
      if case .success(let value) = result { outcome = value }
    }
    settle()
    return outcome
  }

  private func settle() {
    web.runUntilIdle(maxTasks: 20_000, maxTime: web.scheduler.now.advanced(by: 60_000)) { [web] in
      web.limitViolation != nil
    }
  }

  private func take() -> Observation {
    var observation = Observation()
    var events: JSONValue?
    web.evaluateJavaScript("__bcInfer.take()") { result in
      if case .success(let value) = result { events = value }
    }
    web.runUntilIdle(maxTasks: 100)
    observation.events = events?.arrayValue ?? []
    let trace = web.trace.events
    while traceMark < trace.count {
      let event = trace[traceMark]
      traceMark += 1
      switch event.name {
      case TraceEventName.navigationRequested:
        if let url = event["url"]?.stringValue {
          observation.navigations.append(Navigation(url: url, mainFrame: event["frame"]?.stringValue == "main"))
        }
      case TraceEventName.uncaughtException:
        observation.uncaught.append(event.fields)
      default:
        break
      }
    }
    return observation
  }
}

/// One argument of a probe call, as the kit builds it in the page.
enum ProbeArgument: Sendable {
  /// A JSON value.
  case value(JSONValue)
  /// `undefined`.
  case undefined
  /// A function that records its arguments under `tag` and returns `returns`.
  case callback(String, returns: JSONValue? = nil)
  /// A page handler `fn(data, respond)` that records under `tag`, answers
  /// `answer` through `respond` when it gets one, and returns it.
  case handler(String, answer: JSONValue)
  /// An object whose members are built from other arguments.
  case object([(String, ProbeArgument)])
  /// An object with `members` that records the members read that it lacks.
  case params(String, members: [(String, ProbeArgument)])
  /// An object that has every member: `bcRecord:<name>`, recording each read.
  case record(String)

  var spec: JSONValue {
    switch self {
    case .value(let value): return ["value": value]
    case .undefined: return ["undefined": true]
    case .callback(let tag, let returns):
      var object: JSONObject = ["callback": .string(tag)]
      if let returns { object["returns"] = returns }
      return .object(object)
    case .handler(let tag, let answer): return ["handler": .string(tag), "answer": answer]
    case .object(let members):
      return ["object": .object(JSONObject(members.map { ($0.0, $0.1.spec) }))]
    case .params(let tag, let members):
      return ["params": .string(tag), "members": .object(JSONObject(members.map { ($0.0, $0.1.spec) }))]
    case .record(let tag): return ["record": .string(tag)]
    }
  }
}

/// The names the probes use, chosen so that no bridge has them.
enum ProbeNames {
  static let call = "bcProbeCall"
  static let noCallback = "bcProbeQuiet"
  static let twoArguments = "bcProbeTwo"
  static let ask = "bcProbeAsk"
  static let returning = "bcProbeReturning"
  static let notIdentifier = "bc probe-name"
  static let deliver = "bcProbeDeliver"
  static let missing = "bcProbeMissing"
  /// The methods every stand-in global has from the start (a host object
  /// whose methods are the app's handlers: JsBridge 2.x).
  static let hostMethods = [call, noCallback, twoArguments, ask, returning]
  /// The page's data of a probe call.
  static let pageData: JSONValue = ["bcProbe": "page-data", "n": 1]
  /// The page handler's answer.
  static let pageAnswer: JSONValue = ["bcProbe": "page-answer", "n": 3]
  /// The native side's answer to a page call.
  static let nativeAnswer: JSONValue = ["bcProbe": "native-answer", "n": 4]
  /// The callback id the probe gives a delivered request.
  static let nativeCallbackID = "bcProbeNativeCallback1"
}
