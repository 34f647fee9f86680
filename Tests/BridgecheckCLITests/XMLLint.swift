import Foundation
import TestSupport

/// `xmllint --schema` (Debian's libxml2-utils; `scripts/test.sh` installs
/// it when missing): the real validator the JUnit reports are checked with.
enum XMLLint {
  /// The Jenkins xUnit plugin's junit-10.xsd, restated.
  static let junitSchema = packageRoot.appendingPathComponent("Tests/ReportersTests/Schemas/junit-10-facts.xsd").path

  /// xmllint's complaints about `document` under `schema`; empty when it is valid.
  static func problems(_ document: String, schema: String) throws -> String {
    guard
      let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return "xmllint is not installed: apt-get install libxml2-utils (scripts/test.sh does it)" }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
    try document.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: xmllint)
    process.arguments = ["--noout", "--schema", schema, file.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? "" : text
  }
}
