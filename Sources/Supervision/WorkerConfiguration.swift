import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import PageSimulation
import ReferenceImplementations
import ScenarioRunner
import WebViewHosting

/// Everything a worker process needs to rebuild the runner of its
/// supervisor: which implementations, which sides are under test, and the
/// limits. Sent as the first line of the worker's standard input, and again
/// whenever a scenario needs another (the mutation matrix).
package struct WorkerConfiguration: Sendable, Equatable {
  /// The page side.
  package enum Page: Sendable, Hashable {
    /// bridgecheck's reference page bridge.
    case reference
    /// The reference page bridge's driver with another source: a mutant
    /// (the reference with a patch applied) for the mutation matrix.
    case referenceSource(String)
    /// bridgecheck's reference page bridge speaking the dialect of a
    /// profile (a name or a file).
    case referenceInProfile(profile: String)
    /// A JavaScript file, in the dialect of a profile (a name or a file;
    /// nil for the default).
    case script(path: String, profile: String?)
    /// A JavaScript file, in the dialect of a profile given as its JSON
    /// object (the one bridgecheck inferred from the file).
    case scriptInDialect(path: String, profile: JSONValue)
  }

  /// The native side.
  package enum Native: Sendable, Hashable {
    /// bridgecheck's reference native bridge, in process.
    case reference
    /// The reference native bridge with deliberate bugs switched on (the
    /// raw values of `NativeBridgeFault`): a native mutant.
    case referenceFaults([String])
    /// An adapter command with its limits.
    case adapter(command: [String], commandTimeout: Duration, startupTimeout: Duration)
    /// A native side of a kind registered with ``WorkerExtensions`` (an
    /// exploration mutant's, `run --mutant`), with its settings.
    case registered(kind: String, settings: JSONValue)
  }

  /// The page side.
  package var page: Page
  /// The native side.
  package var native: Native
  /// Which sides are under test.
  package var tested: TestedSides
  /// Limits and seed.
  package var options: RunOptions
  /// Whether results come back as verdicts only: no trace excerpt, and
  /// message and detail cut to a bounded size (``ScenarioResult/bounded()``).
  /// The mutation matrix needs no more, and a megabyte payload in each of
  /// thousands of results is memory the supervisor would hold for nothing.
  package var verdictsOnly: Bool

  /// What the worker does with each scenario instead of running it once
  /// (schedule exploration, `run --explore`), or nil for one run.
  package var runMode: (any WorkerRunMode)?

  /// The engine the pages run in, by name (``PageEngine/name``): `simulated`
  /// or a real engine the worker can make (`webkitgtk`).
  package var engine: String = PageEngine.simulated.name

  /// Optional features a script page bridge declares (`run --page-feature`,
  /// ``ImplementationFeature``); empty for the others.
  package var pageFeatures: [String] = []

  /// Creates a configuration.
  package init(
    page: Page, native: Native, tested: TestedSides, options: RunOptions, verdictsOnly: Bool = false,
    runMode: (any WorkerRunMode)? = nil, engine: String = PageEngine.simulated.name
  ) {
    self.engine = engine
    self.page = page
    self.native = native
    self.tested = tested
    self.options = options
    self.runMode = runMode
    self.verdictsOnly = verdictsOnly
  }

  /// Two configurations are equal when a worker would build the same
  /// runner from them.
  package static func == (lhs: WorkerConfiguration, rhs: WorkerConfiguration) -> Bool {
    lhs.page == rhs.page && lhs.native == rhs.native && lhs.tested == rhs.tested && lhs.engine == rhs.engine
      && lhs.verdictsOnly == rhs.verdictsOnly && lhs.runModeWire == rhs.runModeWire
      && lhs.wireValue["options"] == rhs.wireValue["options"]
      && lhs.pageFeatures == rhs.pageFeatures
  }

  /// Whether the worker starts processes of its own for a scenario (an
  /// adapter, a real engine's web and network processes), whose memory
  /// counts with the worker's.
  package var hasProcessesBelowWorker: Bool {
    if case .adapter = native { return true }
    return engine != PageEngine.simulated.name
  }

  /// Builds the page implementation this configuration names.
  package func makePage() throws(WorkerSetupError) -> any PageImplementation {
    let made = try page.make()
    guard !pageFeatures.isEmpty, let script = made as? ScriptPageImplementation else { return made }
    return script.declaring(pageFeatures)
  }

  /// Builds the native implementation this configuration names (an adapter
  /// starts its first process at once, on `sharedCPU` when one is given:
  /// see ``AdapterNativeImplementation/init(command:limits:protocolMinorVersion:sharedCPU:shouldStop:)``).
  package func makeNative(
    sharedCPU: Int? = nil, shouldStop: @escaping @Sendable () -> Bool = { false }
  ) -> any NativeImplementation {
    switch native {
    case .reference:
      return ReferenceNativeImplementation()
    case .referenceFaults(let faults):
      return ReferenceNativeImplementation(faults: faults)
    case .registered(let kind, let settings):
      return WorkerExtensions.native(kind: kind, settings: settings) ?? ReferenceNativeImplementation()
    case .adapter(let command, let commandTimeout, let startupTimeout):
      return AdapterNativeImplementation(
        command: command, limits: AdapterLimits(commandTimeout: commandTimeout, startupTimeout: startupTimeout),
        sharedCPU: sharedCPU, shouldStop: shouldStop)
    }
  }
}

extension WorkerConfiguration.Page {
  /// Builds the page implementation: the reference, or the script file in
  /// its profile (the default, upstream 6.x, when none is named).
  package func make() throws(WorkerSetupError) -> any PageImplementation {
    switch self {
    case .reference:
      return ReferencePageImplementation()
    case .referenceSource(let source):
      return ReferencePageImplementation(source: source)
    case .referenceInProfile(let profileName):
      return ReferencePageImplementation(profile: try Self.loadProfile(profileName))
    case .script(let path, let profileName):
      guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8)
      else {
        throw WorkerSetupError("cannot read the page bridge \(path)", hint: "give the path of a JavaScript file")
      }
      let profile = try profileName.map(Self.loadProfile) ?? BridgeProfile.classic
      return ScriptPageImplementation(
        name: URL(fileURLWithPath: path).lastPathComponent, source: source, profile: profile)
    case .scriptInDialect(let path, let profileJSON):
      guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8)
      else {
        throw WorkerSetupError("cannot read the page bridge \(path)", hint: "give the path of a JavaScript file")
      }
      switch BridgeProfile.decode(profileJSON, file: "the profile inferred from \(path)") {
      case .success(let profile):
        return ScriptPageImplementation(
          name: URL(fileURLWithPath: path).lastPathComponent, source: source, profile: profile)
      case .failure(let problems):
        throw WorkerSetupError("\(problems)", hint: nil)
      }
    }
  }
}

extension WorkerConfiguration.Page {
  /// Loads a profile by name or path; every problem in the error.
  static func loadProfile(_ nameOrPath: String) throws(WorkerSetupError) -> BridgeProfile {
    switch BridgeProfile.load(nameOrPath) {
    case .success(let loaded): return loaded
    case .failure(let problems): throw WorkerSetupError("\(problems)", hint: nil)
    }
  }
}

/// A worker configuration that cannot be built (a file that went away
/// since the supervisor read it, a profile that no longer loads).
package struct WorkerSetupError: Error, Sendable, CustomStringConvertible {
  /// What is wrong.
  package var message: String
  /// What to do about it.
  package var hint: String?

  /// Creates an error.
  package init(_ message: String, hint: String?) {
    self.message = message
    self.hint = hint
  }

  package var description: String { message + (hint.map { "\n  hint: \($0)" } ?? "") }
}

// MARK: - As JSON

extension WorkerConfiguration {
  /// The configuration as one JSON value.
  package var wireValue: JSONValue {
    var pageObject: JSONObject
    switch page {
    case .reference: pageObject = ["kind": "reference"]
    case .referenceSource(let source): pageObject = ["kind": "reference-source", "source": .string(source)]
    case .referenceInProfile(let profile): pageObject = ["kind": "reference", "profile": .string(profile)]
    case .script(let path, let profile):
      pageObject = ["kind": "script", "path": .string(path)]
      if let profile { pageObject["profile"] = .string(profile) }
    case .scriptInDialect(let path, let profile):
      pageObject = ["kind": "script", "path": .string(path), "dialect": profile]
    }
    if !pageFeatures.isEmpty { pageObject["features"] = .array(pageFeatures.map(JSONValue.string)) }
    let nativeObject: JSONObject
    switch native {
    case .reference: nativeObject = ["kind": "reference"]
    case .referenceFaults(let faults):
      nativeObject = ["kind": "reference-faults", "faults": .array(faults.map(JSONValue.string))]
    case .registered(let kind, let settings):
      nativeObject = ["kind": .string(kind), "settings": settings]
    case .adapter(let command, let commandTimeout, let startupTimeout):
      nativeObject = [
        "kind": "adapter", "command": .array(command.map(JSONValue.string)),
        "commandTimeoutMs": .number(commandTimeout.milliseconds),
        "startupTimeoutMs": .number(startupTimeout.milliseconds),
      ]
    }
    var optionsObject: JSONObject = [
      "seed": .string(String(options.seed)),
      "scriptTimeLimitMs": .number(options.scriptTimeLimit.milliseconds),
      "scenarioTimeLimitMs": .number(options.scenarioTimeLimit.milliseconds),
      "maxTasksPerSettle": .number(Double(options.maxTasksPerSettle)),
      "maxVirtualMillisecondsPerSettle": .number(Double(options.maxVirtualMillisecondsPerSettle)),
      "maxTasksPerScenario": .number(Double(options.maxTasksPerScenario)),
      "scenarioCPULimitMs": .number(options.scenarioCPULimit.milliseconds),
    ]
    if let directory = options.traceDirectory { optionsObject["traceDirectory"] = .string(directory) }
    var object: JSONObject = [
      "page": .object(pageObject),
      "native": .object(nativeObject),
      "tested": ["page": .bool(tested.page), "native": .bool(tested.native)],
      "options": .object(optionsObject),
    ]
    if verdictsOnly { object["verdictsOnly"] = true }
    if engine != PageEngine.simulated.name { object["engine"] = .string(engine) }
    var value = JSONValue.object(object)
    addRunModeWireFields(to: &value)
    return value
  }

  /// Reads back ``wireValue``; nil when `value` is not one.
  package init?(wireValue value: JSONValue) {
    switch value["page"]?["kind"]?.stringValue {
    case "reference":
      page = value["page"]?["profile"]?.stringValue.map { .referenceInProfile(profile: $0) } ?? .reference
    case "reference-source":
      guard let source = value["page"]?["source"]?.stringValue else { return nil }
      page = .referenceSource(source)
    case "script":
      guard let path = value["page"]?["path"]?.stringValue else { return nil }
      if let dialect = value["page"]?["dialect"] {
        page = .scriptInDialect(path: path, profile: dialect)
      } else {
        page = .script(path: path, profile: value["page"]?["profile"]?.stringValue)
      }
    default: return nil
    }
    pageFeatures = value["page"]?["features"]?.arrayValue?.compactMap(\.stringValue) ?? []
    switch value["native"]?["kind"]?.stringValue {
    case "reference": native = .reference
    case "reference-faults":
      guard let faults = value["native"]?["faults"]?.arrayValue?.compactMap(\.stringValue) else { return nil }
      native = .referenceFaults(faults)
    case "adapter":
      guard let words = value["native"]?["command"]?.arrayValue?.compactMap(\.stringValue),
        let command = value["native"]?["commandTimeoutMs"]?.numberValue,
        let startup = value["native"]?["startupTimeoutMs"]?.numberValue
      else { return nil }
      native = .adapter(command: words, commandTimeout: .milliseconds(command), startupTimeout: .milliseconds(startup))
    case let kind?:
      guard let settings = value["native"]?["settings"], WorkerExtensions.native(kind: kind, settings: settings) != nil
      else { return nil }
      native = .registered(kind: kind, settings: settings)
    case nil: return nil
    }
    guard let testedPage = value["tested"]?["page"]?.boolValue,
      let testedNative = value["tested"]?["native"]?.boolValue,
      let options = value["options"], let seed = options["seed"]?.stringValue.flatMap({ UInt64($0) }),
      let script = options["scriptTimeLimitMs"]?.numberValue,
      let scenario = options["scenarioTimeLimitMs"]?.numberValue,
      let tasks = options["maxTasksPerSettle"]?.numberValue,
      let virtual = options["maxVirtualMillisecondsPerSettle"]?.numberValue
    else { return nil }
    tested = TestedSides(page: testedPage, native: testedNative)
    self.options = RunOptions(
      seed: seed, scriptTimeLimit: .milliseconds(script), scenarioTimeLimit: .milliseconds(scenario),
      maxTasksPerSettle: Int(tasks), maxVirtualMillisecondsPerSettle: Int64(virtual))
    self.options.traceDirectory = options["traceDirectory"]?.stringValue
    if let tasks = options["maxTasksPerScenario"]?.numberValue { self.options.maxTasksPerScenario = Int(tasks) }
    if let cpu = options["scenarioCPULimitMs"]?.numberValue { self.options.scenarioCPULimit = .milliseconds(cpu) }
    verdictsOnly = value["verdictsOnly"]?.boolValue ?? false
    engine = value["engine"]?.stringValue ?? PageEngine.simulated.name
    readRunModeWireFields(value)
  }
}

extension Duration {
  /// The duration in (fractional) milliseconds.
  var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
