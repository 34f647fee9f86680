import Foundation

/// The root of the bridgecheck checkout the tests run in (the folder of
/// Package.swift): the shipped fixtures, profiles, bridges and docs are read
/// from it.
package let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A new, empty folder in the temporary directory, named `prefix-` and a
/// UUID; the caller removes it.
package func temporaryFolder(_ prefix: String) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}
