import Foundation

/// The JavaScript files a module ships as a SwiftPM resource folder
/// (`resources: [.copy("Scripts")]` in Package.swift), so that the scripts
/// live in `.js` files that editors, linters and the tests' syntax check
/// read, not in Swift string literals.
///
/// Lookup never traps: it tries the module's resource bundle next to the
/// executable (where SwiftPM builds it and `scripts/install.sh` installs it),
/// then the folder next to the Swift file that declares the resources (a
/// checkout, where `swift build` and `swift test` run). Callers read each
/// file once, into a `static let`, so that its text (and the engine script
/// parsed from it, once per context group) is shared by every page.
package struct ScriptResources: Sendable {
  /// The module whose resources these are.
  package let module: String
  /// The name of the resource folder (the last component of the `.copy` path).
  package let folder: String
  /// The folder in the source tree.
  private let sourceFolder: URL

  /// The resources of the module that declares them, in `folder` next to
  /// the declaring Swift file. `fileID` and `filePath` name that file (keep
  /// the defaults): the module's name is the first component of `#fileID`.
  package init(folder: String = "Scripts", fileID: String = #fileID, filePath: String = #filePath) {
    self.module = String(fileID.prefix { $0 != "/" })
    self.folder = folder
    self.sourceFolder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(folder)
  }

  /// The bundle SwiftPM makes of the module's resources.
  package var bundleName: String { "bridgecheck_\(module).resources" }

  /// Where the resource `name` lives on disk, if it can be found.
  package func url(of name: String) -> URL? {
    candidateFolders().map { $0.appendingPathComponent(name) }
      .first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// The text of the resource `name` without its final line break (the file
  /// ends its last line; the script does not). A missing resource is an
  /// installation problem: the text is then a script that throws an error
  /// saying so, which makes every page that runs it fail loudly instead of
  /// crashing the harness.
  package func text(of name: String) -> String {
    guard let url = url(of: name), var text = try? String(contentsOf: url, encoding: .utf8) else {
      return "throw new Error('bridgecheck: resource \(folder)/\(name) of \(module) not found in "
        + "\(bundleName) next to the executable or in the source tree; install bridgecheck with its "
        + "resource bundles (scripts/install.sh)');"
    }
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  private func candidateFolders() -> [URL] {
    var folders: [URL] = []
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    for base in [executable.deletingLastPathComponent(), Bundle.main.bundleURL] {
      folders.append(base.appendingPathComponent(bundleName).appendingPathComponent(folder))
    }
    folders.append(sourceFolder)
    return folders
  }
}
