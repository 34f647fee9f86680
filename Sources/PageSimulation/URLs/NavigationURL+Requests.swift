/// What WebKit asks the host about when a page navigates a frame, by the
/// rules measured in WebKitGTK (see ``NavigationURL``): the URL's
/// serialization, with these exceptions for URLs that are not plain
/// navigations.
extension NavigationURL {
  /// The URL the host's policy is asked about when an iframe's `src` is set
  /// to `text` in a page at `page`; nil when no navigation is requested
  /// (`javascript:` URLs run in the frame; `file:` URLs are not loaded from
  /// a web page). An empty or invalid URL navigates the frame to
  /// `about:blank`.
  package static func frameRequest(_ text: String, page: NavigationURL?) -> String? {
    guard !text.isEmpty else { return "about:blank" }
    guard let url = NavigationURL(text, base: page) else { return "about:blank" }
    return url.requestsNavigation(from: page) ? url.serialized : nil
  }

  /// The URL the host's policy is asked about when the page sets
  /// `location.href` (or calls `location.assign`/`replace`) to `text`; nil
  /// when no navigation is requested. Throws for an invalid URL: the page
  /// gets a `SyntaxError` and nothing is requested.
  package static func mainFrameRequest(_ text: String, page: NavigationURL?) throws(InvalidURL) -> String? {
    guard let url = NavigationURL(text, base: page) else { throw InvalidURL(text: text) }
    return url.requestsNavigation(from: page) ? url.serialized : nil
  }

  /// Whether navigating to this URL asks the host's policy at all.
  private func requestsNavigation(from page: NavigationURL?) -> Bool {
    if scheme == "javascript" { return false }
    if scheme == "file" { return page?.scheme == "file" }
    return true
  }

  /// A URL that does not parse, set as a page's location.
  package struct InvalidURL: Error, Sendable, Hashable {
    /// The text the page set.
    package var text: String
  }
}
