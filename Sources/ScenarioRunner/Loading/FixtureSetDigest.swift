import Digest
import Foundation

/// A digest of a set of fixtures: SHA-256 over each fixture's id and the
/// bytes of its file, in order. Two runs whose digests are equal ran the
/// same fixtures, whatever folder they were read from; `bridgecheck merge`
/// refuses shards whose digests differ.
package enum FixtureSetDigest {
  /// The digest of `fixtures`, as 64 hex digits. A file that cannot be read
  /// again counts as empty.
  package static func digest(_ fixtures: [Fixture]) -> String {
    var bytes: [UInt8] = []
    var files: [String: [UInt8]] = [:]
    for fixture in fixtures {
      let contents = files[fixture.file] ?? FileManager.default.contents(atPath: fixture.file).map { [UInt8]($0) } ?? []
      files[fixture.file] = contents
      append(fixture.id, to: &bytes)
      append(SHA256.hex(contents), to: &bytes)
    }
    return SHA256.hex(bytes)
  }

  /// SHA-256 of a file's bytes as 64 hex digits, or nil when it cannot be read.
  package static func digest(ofFile path: String) -> String? {
    FileManager.default.contents(atPath: path).map { SHA256.hex([UInt8]($0)) }
  }

  /// `text` with its length first, so that no two lists give the same bytes.
  private static func append(_ text: String, to bytes: inout [UInt8]) {
    bytes += Array(String(text.utf8.count).utf8) + [0x3A] + Array(text.utf8) + [0x0A]
  }
}
