import WebViewHosting

/// The blob URLs a page made with `URL.createObjectURL` (its workers
/// included), until `URL.revokeObjectURL` or the page goes away: each names
/// the bytes and type of its `Blob`, as a `new Worker(url)` or
/// `importScripts(url)` reads them.
///
/// URLs look like WebKit's, `blob:<origin of the page>/<UUID v4>`, with the
/// UUID drawn from the page's seeded generator, so a run is reproducible.
struct BlobRegistry {
  /// A blob's contents.
  struct Blob: Sendable, Hashable {
    var bytes: [UInt8]
    /// The `type` the page gave it, lower-cased (empty when none).
    var type: String
  }

  private var blobs: [String: Blob] = [:]

  /// Registers `blob` and returns its new URL.
  mutating func register(_ blob: Blob, origin: String, random: inout SeededRandom) -> String {
    let url = "blob:" + origin + "/" + Self.uuid(&random)
    blobs[url] = blob
    return url
  }

  /// Forgets `url` (nothing when it is not one of the registry's).
  mutating func revoke(_ url: String) { blobs[url] = nil }

  /// The blob `url` names, or nil (never made, or revoked).
  func blob(at url: String) -> Blob? { blobs[url] }

  /// A random UUID (version 4, variant 1), in lower case.
  static func uuid(_ random: inout SeededRandom) -> String {
    var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    let hex = bytes.map { byte in
      String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)
    }
    return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
  }
}
