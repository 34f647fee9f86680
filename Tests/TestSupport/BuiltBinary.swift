import Foundation

/// The built `bridgecheck` binary that end-to-end tests run (and workers
/// are spawned from): next to the test bundle or up to three folders above
/// it, or in `.build/debug` of the checkout.
package func bridgecheckBinary() throws -> URL {
  try builtBinary(named: "bridgecheck")
}

/// A built executable product of the package (`swift build` builds them all),
/// looked for where ``bridgecheckBinary()`` looks for `bridgecheck`.
package func builtBinary(named name: String) throws -> URL {
  var candidates: [URL] = []
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
  for _ in 0..<4 {
    candidates.append(folder.appendingPathComponent(name))
    folder.deleteLastPathComponent()
  }
  candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)"))
  guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
    throw BinaryNotFound(name: name, places: candidates.map(\.path))
  }
  return found
}

/// The built binary is in none of the places looked in.
package struct BinaryNotFound: Error, CustomStringConvertible {
  /// The executable product looked for.
  package var name: String
  /// Where it was looked for.
  package var places: [String]
  package init(name: String = "bridgecheck", places: [String]) {
    self.name = name
    self.places = places
  }
  package var description: String {
    "\(name) binary not found (build it with `swift build --product \(name)`); looked in \(places)"
  }
}
