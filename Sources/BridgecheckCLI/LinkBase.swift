import ArgumentParser
import Foundation

/// `--markdown-link-base URL`: what the Markdown summary's links to
/// fixtures and rules start with. It must be an absolute http or https URL
/// with a host (a link resolves against nothing else on GitHub).
enum LinkBase {
  /// A usage error unless `value` is nil or such a URL.
  static func validate(_ value: String?) throws {
    guard let value else { return }
    guard let problem = problem(value) else { return }
    throw ValidationError(
      "--markdown-link-base \(value.debugDescription): \(problem); give an http or https URL, e.g. "
        + "https://github.com/ORG/bridgecheck/blob/COMMIT/")
  }

  /// What is wrong with `value`, or nil.
  static func problem(_ value: String) -> String? {
    if value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) {
      return "a URL has no spaces or line breaks"
    }
    guard let url = URL(string: value), let scheme = url.scheme?.lowercased() else { return "not a URL" }
    guard scheme == "http" || scheme == "https" else { return "the scheme is \(scheme), not http or https" }
    guard let host = url.host, !host.isEmpty else { return "the URL has no host" }
    if url.query != nil || url.fragment != nil {
      return "links are appended to it: it cannot have a ? query or # fragment"
    }
    return nil
  }
}
