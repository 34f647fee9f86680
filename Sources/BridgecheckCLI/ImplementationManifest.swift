import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import ReferenceBridges
import ReferenceImplementations
import ScenarioRunner

/// An implementation described by a manifest in `conformance/implementations/`:
///
/// ```json
/// {"name": "python-adapter", "side": "native", "kind": "adapter",
///  "command": ["python3", "conformance/adapters/python/adapter.py"],
///  "version": "1.0", "profile": "wvjb-classic", "expectedFailures": "…/baseline.json"}
/// ```
///
/// Kinds: `reference` (bridgecheck's own, either side), `js` (a page script:
/// `path`), `adapter` (a native bridge behind the stdio adapter: `command`;
/// the word `{bridgecheck}` stands for this program).
struct ImplementationManifest {
  enum Side: String { case page, native }
  enum Kind: String { case reference, js, adapter }

  static let fields = [
    "name", "side", "kind", "path", "command", "version", "profile", "expectedFailures", "description",
  ]

  var name: String
  var side: Side
  var kind: Kind
  var path: String?
  var command: [String]
  var version: String?
  var profile: String?
  var expectedFailures: String?
  var file: String

  /// Reads every manifest in `folder`, sorted by file name.
  static func loadAll(from folder: String) throws -> [ImplementationManifest] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
      .sorted()
    if names.isEmpty {
      throw CLIError.usage("no implementation manifests (*.json) in \(folder)")
    }
    var problems: [JSONFileProblem] = []
    var manifests: [ImplementationManifest] = []
    for name in names {
      let file = (folder as NSString).appendingPathComponent(name)
      switch load(file) {
      case .success(let manifest): manifests.append(manifest)
      case .failure(let problem): problems.append(problem)
      }
    }
    if !problems.isEmpty {
      throw CLIError.usage(
        (["\(problems.count) problem(s) in implementation manifests:"] + problems.map(\.description)).joined(
          separator: "\n"))
    }
    return manifests
  }

  static func load(_ file: String) -> Result<ImplementationManifest, ImplementationFileProblem> {
    func problem(_ key: String?, _ code: String, _ message: String, _ hint: String? = nil) -> JSONFileProblem {
      JSONFileProblem(
        file: file, pointer: key.map { JSONPointer.root.appending($0) } ?? .root, code: code, message: message,
        hint: hint)
    }
    let root: JSONValue
    switch JSONValue.parse(fileContents: FileManager.default.contents(atPath: file).map { [UInt8]($0) }, file: file) {
    case .success(let value): root = value
    case .failure(let problem): return .failure(problem)
    }
    guard let object = root.objectValue else {
      return .failure(problem(nil, "wrong-type", "a manifest is a JSON object", "e.g. {\"name\": …, \"side\": …}"))
    }
    for key in object.keys where !fields.contains(key) {
      return .failure(
        problem(key, "unknown-field", "unknown field \"\(key)\"", "manifest fields: \(fields.joined(separator: ", "))"))
    }
    guard let name = object["name"]?.stringValue, !name.isEmpty else {
      return .failure(problem("name", "missing-field", "a non-empty name is required"))
    }
    guard let side = object["side"]?.stringValue.flatMap(Side.init(rawValue:)) else {
      return .failure(problem("side", "unknown-value", "side must be \"page\" or \"native\""))
    }
    guard let kind = object["kind"]?.stringValue.flatMap(Kind.init(rawValue:)) else {
      return .failure(problem("kind", "unknown-value", "kind must be \"reference\", \"js\" or \"adapter\""))
    }
    let command = object["command"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let path = object["path"]?.stringValue
    switch (side, kind) {
    case (.page, .js) where path == nil:
      return .failure(problem("path", "missing-field", "a js implementation needs \"path\": the page script"))
    case (.native, .adapter) where command.isEmpty:
      return .failure(
        problem("command", "missing-field", "an adapter needs \"command\": the program and its arguments, as an array"))
    case (.page, .adapter):
      return .failure(problem("kind", "conflicting-members", "page implementations are reference or js"))
    case (.native, .js):
      return .failure(problem("kind", "conflicting-members", "native implementations are reference or adapter"))
    default: break
    }
    return .success(
      ImplementationManifest(
        name: name, side: side, kind: kind, path: path, command: command, version: object["version"]?.stringValue,
        profile: object["profile"]?.stringValue, expectedFailures: object["expectedFailures"]?.stringValue, file: file))
  }

  /// The page implementation this manifest stands for.
  func pageImplementation() throws -> any PageImplementation {
    let profile = try loadProfile()
    switch kind {
    case .reference:
      return ReferencePageImplementation()
    default:
      guard let path, let data = FileManager.default.contents(atPath: Resources.resolve(path)),
        let source = String(data: data, encoding: .utf8)
      else {
        throw CLIError.usage(
          "\(file)#/path: cannot read the page script \(path ?? "")",
          hint: "a relative path is read from the current folder, else from bridgecheck's own files")
      }
      return ScriptPageImplementation(name: name, source: source, version: version, profile: profile)
    }
  }

  /// The native implementation this manifest stands for.
  func nativeImplementation() -> any NativeImplementation {
    switch kind {
    case .adapter:
      let resolved = command.map {
        $0 == "{bridgecheck}" ? Executable.path : $0.contains("/") ? Resources.resolve($0) : $0
      }
      return AdapterNativeImplementation(command: resolved, shouldStop: { Interrupt.requested })
    default:
      return ReferenceNativeImplementation()
    }
  }

  private func loadProfile() throws -> BridgeProfile {
    guard let profile else { return .classic }
    switch BridgeProfile.load(profile, profilesFolder: Resources.profilesFolder) {
    case .success(let loaded): return loaded
    case .failure(let problem): throw CLIError.usage("\(file): \(problem)")
    }
  }

  /// The manifest's expected failures, if it names a baseline.
  func baseline() throws -> Baseline? {
    guard let expectedFailures else { return nil }
    switch Baseline.load(from: Resources.resolve(expectedFailures)) {
    case .success(let baseline): return baseline
    case .failure(let problem): throw CLIError.usage("\(problem)")
    }
  }
}
