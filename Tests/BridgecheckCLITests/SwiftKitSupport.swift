import Foundation
import TestSupport

/// The Swift native kit as `swift build` left it next to the bridgecheck
/// binary: its module interfaces and objects, so that a bridge (one of our
/// own, a mutant of one, a faulty one) compiles against it with one
/// `swiftc` line, as the package's own executable targets do.
struct SwiftKit {
  /// The build folder (.build/debug or the platform's folder under it).
  let buildFolder: URL

  /// The modules of the kit's product, in link order.
  static let modules = ["JSONModel", "BridgecheckAdapter", "WebKit", "BridgecheckNativeKit"]

  /// The kit next to the bridgecheck binary (built with the test target,
  /// which depends on the kit).
  static func built() throws -> SwiftKit {
    SwiftKit(buildFolder: try bridgecheckBinary().deletingLastPathComponent())
  }

  /// An executable built in the same build (our own kit-built bridge).
  func executable(_ name: String) -> String {
    buildFolder.appendingPathComponent(name).path
  }

  /// The object files of the kit's modules.
  func objects() throws -> [String] {
    try Self.modules.flatMap { module -> [String] in
      let folder = buildFolder.appendingPathComponent("\(module).build")
      return try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".swift.o") }.sorted().map { folder.appendingPathComponent($0).path }
    }
  }

  /// Compiles `sources` (one of them `main.swift`, or a single file taken
  /// as the main file) against the kit into `output`, in Swift 6 or (as the
  /// docs' package does) Swift 5 language mode.
  func compile(_ sources: [String], into output: String, moduleName: String, swiftVersion: String = "6") throws
    -> CommandOutcome
  {
    try runTool(
      [
        "swiftc", "-swift-version", swiftVersion, "-module-name", moduleName, "-I",
        buildFolder.appendingPathComponent("Modules").path,
        "-o", output,
      ]
        + sources + objects(), timeLimit: 600)
  }
}
