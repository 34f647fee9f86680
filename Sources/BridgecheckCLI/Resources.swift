import Foundation

/// Where bridgecheck's own files are: the fixtures (`Fixtures/`), the
/// profiles, mutants and implementations (`conformance/`) and the protocol
/// (`docs/`), so that `bridgecheck run --js my-bridge.js` works from any
/// folder (a user's own repository) and from an installed copy.
///
/// The root is the first of:
/// 1. `$BRIDGECHECK_RESOURCES`, when set (an error when it does not hold them);
/// 2. next to the executable, as `scripts/install.sh` lays it out:
///    `<bin>/../share/bridgecheck` or `<bin>/share/bridgecheck`;
/// 3. the checkout the executable was built in (`.build/<configuration>/bridgecheck`
///    or `swift run` from anywhere: the folders above the executable);
/// 4. the current folder (and its parents).
///
/// A root holds `Fixtures/` and `conformance/profiles/`. Paths the user gives
/// (fixture paths, `--js`, `--baseline`, report paths) stay relative to the
/// current folder; only the defaults come from here.
enum Resources {
  /// The environment variable that overrides the root.
  static let environmentKey = "BRIDGECHECK_RESOURCES"

  /// The root found, or nil when there is none (then every default is
  /// relative to the current folder, as the paths it names).
  static let root: String? = locate(
    environment: ProcessInfo.processInfo.environment, executable: RunCommand.executablePath,
    currentDirectory: FileManager.default.currentDirectoryPath)

  /// Whether `folder` holds bridgecheck's files.
  static func isRoot(_ folder: String) -> Bool {
    var isFolder: ObjCBool = false
    let manager = FileManager.default
    return manager.fileExists(atPath: (folder as NSString).appendingPathComponent("Fixtures"), isDirectory: &isFolder)
      && isFolder.boolValue
      && manager.fileExists(atPath: (folder as NSString).appendingPathComponent("conformance/profiles"))
  }

  /// The search above, with its inputs given (for the tests).
  static func locate(environment: [String: String], executable: String, currentDirectory: String) -> String? {
    if let override = environment[environmentKey], !override.isEmpty {
      return URL(fileURLWithPath: override, relativeTo: URL(fileURLWithPath: currentDirectory)).standardizedFileURL.path
    }
    let binFolder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    var candidates = [
      binFolder.deletingLastPathComponent().appendingPathComponent("share/bridgecheck").path,
      binFolder.appendingPathComponent("share/bridgecheck").path,
    ]
    candidates += ancestors(of: binFolder.path) + ancestors(of: currentDirectory)
    return candidates.first(where: isRoot).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
  }

  private static func ancestors(of path: String) -> [String] {
    var folder = URL(fileURLWithPath: path).standardizedFileURL
    var out: [String] = []
    for _ in 0..<6 {
      out.append(folder.path)
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { break }
      folder = parent
    }
    return out
  }

  /// A default path under the root (`Fixtures`, `conformance/mutants`, …):
  /// as written when the root is the current folder (so reports name
  /// `Fixtures/…` as they always did), else the absolute path under the root.
  static func path(_ relative: String) -> String {
    guard let root else { return relative }
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    return root == current ? relative : (root as NSString).appendingPathComponent(relative)
  }

  /// The problem with `$BRIDGECHECK_RESOURCES`, if it is set to a folder
  /// that does not hold bridgecheck's files.
  static var overrideProblem: Diagnostic? {
    guard let root, let value = ProcessInfo.processInfo.environment[environmentKey], !value.isEmpty, !isRoot(root)
    else {
      return nil
    }
    return .error(
      "$\(environmentKey) is \(value), which holds no Fixtures/ and conformance/profiles/",
      hint: "set it to a bridgecheck checkout or to the share/bridgecheck folder of an installed copy, or unset it")
  }

  /// A profile argument as the workers need it: a name becomes the
  /// absolute path of the shipped profile file when there is one (workers
  /// need not find the root again); a path is made absolute.
  static func profileArgument(_ nameOrPath: String) -> String {
    if nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") {
      return URL(fileURLWithPath: nameOrPath).standardizedFileURL.path
    }
    let shipped = (absolute(profilesFolder) as NSString).appendingPathComponent(nameOrPath + ".json")
    return FileManager.default.fileExists(atPath: shipped) ? shipped : nameOrPath
  }

  /// The folder of the shipped profiles.
  static var profilesFolder: String { path("conformance/profiles") }

  /// A manifest's relative path (a page script, an adapter's file): from
  /// the current folder when it is there, else from the root.
  static func resolve(_ relative: String) -> String {
    guard !relative.hasPrefix("/"), !FileManager.default.fileExists(atPath: relative), let root else { return relative }
    let under = (root as NSString).appendingPathComponent(relative)
    return FileManager.default.fileExists(atPath: under) ? under : relative
  }

  static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
