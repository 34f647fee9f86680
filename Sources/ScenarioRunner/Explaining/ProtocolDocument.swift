import Foundation

/// `docs/protocol.md`, read for the text of its anchored rules.
package struct ProtocolDocument: Sendable {
  private let lines: [String]

  /// Reads the document at `path`.
  package init?(path: String) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    lines = text.components(separatedBy: "\n")
  }

  /// The rule anchored `anchor`: the paragraph and bullets after its anchor,
  /// up to the next anchor or heading.
  package func rule(_ anchor: String) -> String? {
    guard let start = lines.firstIndex(of: "<a id=\"\(anchor)\"></a>") else { return nil }
    var body: [String] = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix("<a id=") || line.hasPrefix("#") { break }
      body.append(line)
    }
    while body.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { body.removeLast() }
    return body.isEmpty ? nil : body.joined(separator: "\n")
  }
}
