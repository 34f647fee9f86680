import BridgeImplementations
import Foundation
import JSONModel
import ScenarioRunner

/// Everything a worker process needs to rebuild the runner of its
/// supervisor: which implementations, which sides are under test, and the
/// limits. Sent as the first line of the worker's standard input.
public struct WorkerConfiguration: Sendable {
  /// The page side.
  public enum Page: Sendable, Hashable {
    /// bridgecheck's reference page bridge.
    case reference
    /// bridgecheck's reference page bridge speaking the dialect of a
    /// profile (a name or a file).
    case referenceInProfile(profile: String)
    /// A JavaScript file, in the dialect of a profile (a name or a file;
    /// nil for the default).
    case script(path: String, profile: String?)
  }

  /// The native side.
  public enum Native: Sendable, Hashable {
    /// bridgecheck's reference native bridge, in process.
    case reference
    /// An adapter command with its limits.
    case adapter(command: [String], commandTimeout: Duration, startupTimeout: Duration)
  }

  /// The page side.
  public var page: Page
  /// The native side.
  public var native: Native
  /// Which sides are under test.
  public var tested: TestedSides
  /// Limits and seed.
  public var options: RunOptions

  /// Creates a configuration.
  public init(page: Page, native: Native, tested: TestedSides, options: RunOptions) {
    self.page = page
    self.native = native
    self.tested = tested
    self.options = options
  }

  /// Builds the page implementation this configuration names.
  public func makePage() throws(WorkerSetupError) -> any PageImplementation {
    try page.make()
  }

  /// Builds the native implementation this configuration names (an adapter
  /// starts its first process at once).
  public func makeNative(shouldStop: @escaping @Sendable () -> Bool = { false }) -> any NativeImplementation {
    switch native {
    case .reference:
      return ReferenceNativeImplementation()
    case .adapter(let command, let commandTimeout, let startupTimeout):
      return AdapterNativeImplementation(
        command: command, limits: AdapterLimits(commandTimeout: commandTimeout, startupTimeout: startupTimeout),
        shouldStop: shouldStop)
    }
  }
}

extension WorkerConfiguration.Page {
  /// Builds the page implementation: the reference, or the script file in
  /// its profile (the default, upstream 6.x, when none is named).
  public func make() throws(WorkerSetupError) -> any PageImplementation {
    switch self {
    case .reference:
      return ReferencePageImplementation()
    case .referenceInProfile(let profileName):
      return ReferencePageImplementation(profile: try Self.loadProfile(profileName))
    case .script(let path, let profileName):
      guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8)
      else {
        throw WorkerSetupError("cannot read the page bridge \(path)", hint: "give the path of a JavaScript file")
      }
      let profile = try profileName.map(Self.loadProfile) ?? BridgeProfile.classic
      return ScriptPageImplementation(name: URL(fileURLWithPath: path).lastPathComponent, source: source, profile: profile)
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
public struct WorkerSetupError: Error, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// What to do about it.
  public var hint: String?

  /// Creates an error.
  public init(_ message: String, hint: String?) {
    self.message = message
    self.hint = hint
  }

  public var description: String { message + (hint.map { "\n  hint: \($0)" } ?? "") }
}

// MARK: - As JSON

extension WorkerConfiguration {
  /// The configuration as one JSON value.
  public var wireValue: JSONValue {
    var pageObject: JSONObject
    switch page {
    case .reference: pageObject = ["kind": "reference"]
    case .referenceInProfile(let profile): pageObject = ["kind": "reference", "profile": .string(profile)]
    case .script(let path, let profile):
      pageObject = ["kind": "script", "path": .string(path)]
      if let profile { pageObject["profile"] = .string(profile) }
    }
    let nativeObject: JSONObject
    switch native {
    case .reference: nativeObject = ["kind": "reference"]
    case .adapter(let command, let commandTimeout, let startupTimeout):
      nativeObject = [
        "kind": "adapter", "command": .array(command.map(JSONValue.string)),
        "commandTimeoutMs": .number(commandTimeout.milliseconds), "startupTimeoutMs": .number(startupTimeout.milliseconds),
      ]
    }
    return [
      "page": .object(pageObject),
      "native": .object(nativeObject),
      "tested": ["page": .bool(tested.page), "native": .bool(tested.native)],
      "options": [
        "seed": .string(String(options.seed)),
        "scriptTimeLimitMs": .number(options.scriptTimeLimit.milliseconds),
        "scenarioTimeLimitMs": .number(options.scenarioTimeLimit.milliseconds),
        "maxTasksPerSettle": .number(Double(options.maxTasksPerSettle)),
        "maxVirtualMillisecondsPerSettle": .number(Double(options.maxVirtualMillisecondsPerSettle)),
      ],
    ]
  }

  /// Reads back ``wireValue``; nil when `value` is not one.
  public init?(wireValue value: JSONValue) {
    switch value["page"]?["kind"]?.stringValue {
    case "reference":
      page = value["page"]?["profile"]?.stringValue.map { .referenceInProfile(profile: $0) } ?? .reference
    case "script":
      guard let path = value["page"]?["path"]?.stringValue else { return nil }
      page = .script(path: path, profile: value["page"]?["profile"]?.stringValue)
    default: return nil
    }
    switch value["native"]?["kind"]?.stringValue {
    case "reference": native = .reference
    case "adapter":
      guard let words = value["native"]?["command"]?.arrayValue?.compactMap(\.stringValue),
        let command = value["native"]?["commandTimeoutMs"]?.numberValue,
        let startup = value["native"]?["startupTimeoutMs"]?.numberValue
      else { return nil }
      native = .adapter(command: words, commandTimeout: .milliseconds(command), startupTimeout: .milliseconds(startup))
    default: return nil
    }
    guard let testedPage = value["tested"]?["page"]?.boolValue, let testedNative = value["tested"]?["native"]?.boolValue,
      let options = value["options"], let seed = options["seed"]?.stringValue.flatMap({ UInt64($0) }),
      let script = options["scriptTimeLimitMs"]?.numberValue, let scenario = options["scenarioTimeLimitMs"]?.numberValue,
      let tasks = options["maxTasksPerSettle"]?.numberValue,
      let virtual = options["maxVirtualMillisecondsPerSettle"]?.numberValue
    else { return nil }
    tested = TestedSides(page: testedPage, native: testedNative)
    self.options = RunOptions(
      seed: seed, scriptTimeLimit: .milliseconds(script), scenarioTimeLimit: .milliseconds(scenario),
      maxTasksPerSettle: Int(tasks), maxVirtualMillisecondsPerSettle: Int64(virtual))
  }
}

extension Duration {
  /// The duration in (fractional) milliseconds.
  var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
