import Foundation

/// The built `bridgecheck` binary that end-to-end tests run (and workers
/// are spawned from): next to the test bundle or up to three folders above
/// it, or in `.build/debug` of the checkout.
package func bridgecheckBinary() throws -> URL {
  var candidates: [URL] = []
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
  for _ in 0..<4 {
    candidates.append(folder.appendingPathComponent("bridgecheck"))
    folder.deleteLastPathComponent()
  }
  candidates.append(packageRoot.appendingPathComponent(".build/debug/bridgecheck"))
  guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
    throw BinaryNotFound(places: candidates.map(\.path))
  }
  return found
}

/// The built binary is in none of the places looked in.
package struct BinaryNotFound: Error, CustomStringConvertible {
  /// Where it was looked for.
  package var places: [String]
  package init(places: [String]) { self.places = places }
  package var description: String {
    "bridgecheck binary not found (build it with `swift build --product bridgecheck`); looked in \(places)"
  }
}
