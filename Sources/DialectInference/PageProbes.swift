import Dialects
import JSONModel

/// The probes of one page bridge, run in order: discovery (the global it
/// defines, and the stand-ins it needs at load), page-to-native calls,
/// native-to-page delivery and answers, start-up, the safety timeout. Each
/// records what it established in ``facts``; every candidate is tried in a
/// fixed order (likely names first), so two runs establish the same facts.
final class PageProbes {
  let source: String
  let file: String
  let wrapped: String
  /// How every probe page is set up (stand-ins, fabrication, user agent).
  var setup = ProbePage.Setup()
  /// What the probes established.
  var facts = DialectFacts()

  /// The bridge: the global it defines and what it holds.
  var layout = BridgeLayout()
  /// What loading the bridge recorded, and what the page then held.
  var loadObservation = ProbePage.Observation()
  var loadSurvey: JSONValue?
  /// The names of the globals the bridge defined.
  var definedNames: Set<String> = []
  /// The page-to-native findings.
  var sending = SendingFindings()
  /// The native-to-page findings.
  var receiving = ReceivingFindings()
  /// Pages created so far (for the evidence of cost, and a bound).
  var pagesCreated = 0
  static let maximumPages = 60

  /// User agents to try when the bridge sends nothing readable under the
  /// simulated page's own (bridges that choose their transport by it).
  let userAgents: [String]

  init(source: String, file: String, userAgents: [String] = []) {
    self.source = source
    self.file = file
    self.userAgents = userAgents
    wrapped = InferenceKit.wrap(source)
    setup.assignedMembers = SourceText.assignedMembers(in: source)
  }

  func run() throws(PageInferenceFailure) {
    try discover()
    try probeSending()
    probeReceiving()
    probeStartup()
    probeSafetyTimeout()
    finishSignals()
  }

  /// A fresh page with the bridge loaded.
  func loadedPage() -> (page: ProbePage, load: ProbePage.Observation) {
    pagesCreated += 1
    let page = ProbePage(script: wrapped, file: file, setup: setup)
    let load = page.load()
    return (page, load)
  }

  /// Whether another page may be made.
  var mayMakePage: Bool { pagesCreated < Self.maximumPages }
}

/// The global a page bridge defines, and what it holds.
struct BridgeLayout {
  /// The global's name.
  var global = ""
  /// Its function members (own, then inherited), in order.
  var functions: [String] = []
  /// Whether it is a stand-in the bridge extended (an app's host object).
  var isStandIn = false
  /// Other globals the bridge defined that are functions.
  var globalFunctions: [String] = []

  /// `functions` in order of `patterns` (a function matching an earlier
  /// pattern first; the rest in their own order), less `excluded`.
  func ordered(_ patterns: [String], excluding excluded: Set<String> = []) -> [String] {
    let candidates = functions.filter { !excluded.contains($0) }
    var out: [String] = []
    for pattern in patterns {
      for name in candidates where !out.contains(name) && Self.matches(name, pattern) { out.append(name) }
    }
    for name in candidates where !out.contains(name) { out.append(name) }
    return out
  }

  /// `name` matches `pattern`: `=x` is equality, otherwise a case-insensitive substring.
  static func matches(_ name: String, _ pattern: String) -> Bool {
    if pattern.hasPrefix("=") { return name == pattern.dropFirst() }
    return name.lowercased().contains(pattern)
  }
}

// MARK: - Reading the kit's records

extension JSONValue {
  /// The kind of a kit event (`k`).
  var kitKind: String? { self["k"]?.stringValue }
}

/// A value as the kit describes it (``InferenceKit``: `{u}`, `{f}`, `{p}`, `{v}`, `{x}`).
enum Described: Equatable {
  case undefined
  case function(String)
  case promise
  case value(JSONValue)
  case unreadable

  init(_ value: JSONValue?) {
    guard let value else {
      self = .undefined
      return
    }
    if let json = value["v"] {
      self = .value(json)
    } else if let name = value["f"]?.stringValue {
      self = .function(name)
    } else if value["p"] != nil {
      self = .promise
    } else if value["u"] != nil {
      self = .undefined
    } else {
      self = .unreadable
    }
  }

  var json: JSONValue? {
    if case .value(let value) = self { return value }
    return nil
  }
}

extension ProbePage.Observation {
  /// Callbacks recorded under `tag`: their arguments and whether they ran inside the probe call.
  func callbacks(_ tag: String) -> [(args: [Described], sync: Bool)] {
    events("callback").filter { $0["tag"]?.stringValue == tag }.map { event in
      ((event["args"]?.arrayValue ?? []).map { Described($0) }, event["sync"]?.boolValue ?? false)
    }
  }

  /// Handlers recorded under `tag`: their data and whether they ran inside the probe call.
  func handlers(_ tag: String) -> [(data: Described, sync: Bool, canRespond: Bool)] {
    events("handler").filter { $0["tag"]?.stringValue == tag }.map { event in
      (Described(event["data"]), event["sync"]?.boolValue ?? false, event["canRespond"]?.boolValue ?? false)
    }
  }
}

/// What a kit call returned (`__bcInfer.call`).
struct CallResult {
  var missing: Bool
  var returned: Described
  var threw: JSONValue?

  init(_ value: JSONValue?) {
    missing = value?["missing"]?.boolValue ?? (value == nil)
    returned = Described(value?["returned"])
    threw = value?["threw"]
  }

  var threwMessage: String? { threw?["message"]?.stringValue }
}
