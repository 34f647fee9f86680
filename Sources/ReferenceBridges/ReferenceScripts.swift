import Foundation

/// The JavaScript files that ship with the reference bridges, read from the
/// package's resources.
///
/// Lookup never traps: it tries the resource bundle next to the executable
/// (how SwiftPM installs resources), then the source tree this file was
/// compiled from (a checkout, where `swift build` and `swift test` run).
package enum ReferenceScripts {
  /// The reference page-side bridge (`page-bridge.js`).
  package static let pageBridge = load("page-bridge.js")
  /// A web page's own setup snippet (`setupWebViewJavascriptBridge`).
  package static let setupSnippet = load("page-setup-snippet.js")
  /// The demo page script that uses the snippet (`demo-page.js`).
  package static let demoPage = load("demo-page.js")

  /// Where a resource file lives on disk, if it can be found.
  package static func url(of name: String) -> URL? {
    candidateDirectories().map { $0.appendingPathComponent(name) }
      .first { FileManager.default.fileExists(atPath: $0.path) }
  }

  private static func load(_ name: String) -> String {
    guard let url = url(of: name), let text = try? String(contentsOf: url, encoding: .utf8) else {
      // A missing resource is an installation problem; make it loud in the
      // page instead of crashing the harness.
      return "throw new Error('bridgecheck: resource \(name) not found next to the executable or in the source tree');"
    }
    return text
  }

  private static func candidateDirectories() -> [URL] {
    var directories: [URL] = []
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    let bundleName = "bridgecheck_ReferenceBridges.resources"
    for base in [executable.deletingLastPathComponent(), Bundle.main.bundleURL] {
      directories.append(base.appendingPathComponent(bundleName).appendingPathComponent("Resources"))
      directories.append(base.appendingPathComponent(bundleName))
    }
    directories.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources"))
    return directories
  }
}
