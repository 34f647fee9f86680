/// How the page turns iframe `src` assignments into navigation requests.
package enum IframeNavigationMode: String, Sendable, Hashable, Codable {
  /// What WebKit does (measured on WebKitGTK 2.50.6): setting `src` on an
  /// iframe that is in the document queues its navigation on a zero-delay
  /// timer, and later sets before it fires replace the URL (last URL wins).
  /// Five sets in one task give one request.
  case coalesced
  /// Every `src` assignment is a navigation request of its own (a strict
  /// engine, useful to isolate ordering bugs from coalescing).
  case everyRequest = "every-request"
}

/// Settings of a simulated web view and every page it loads.
package struct PageConfiguration: Sendable {
  /// Seed of `Math.random` (each page world derives its own stream from it).
  package var seed: UInt64
  /// `Date.now()` at virtual time zero, in milliseconds since 1970
  /// (default 2026-01-01T00:00:00Z).
  package var epochMilliseconds: Int64
  /// How iframe navigations are requested.
  package var iframeNavigation: IframeNavigationMode
  /// The budget of each script entry (a task, an evaluation); a script that
  /// runs longer is terminated and recorded.
  package var scriptTimeLimit: Duration
  /// The URL the page reports in `location.href` when a load names none.
  package var defaultURL: String
  /// Caps on console output, trace events, timers and pending tasks.
  package var limits: PageLimits
  /// The page's `navigator.userAgent` (a dialect's profile may set it:
  /// some bridges choose their transport by it).
  package var userAgent: String

  /// The user agent of a simulated page unless a configuration says otherwise.
  package static let defaultUserAgent = "Mozilla/5.0 (bridgecheck simulated WebKit)"
  /// Whether each page of this web view is a fresh global context in the
  /// calling thread's shared JavaScriptCore context group (cheaper; each page
  /// still a world of its own, see `SharedContextGroup`) rather than in a
  /// context group of its own. Use the web view on one thread only.
  package var sharesContextGroup: Bool

  /// Creates a configuration; the defaults reproduce a real WebKit page.
  package init(
    seed: UInt64 = 0,
    epochMilliseconds: Int64 = 1_767_225_600_000,
    iframeNavigation: IframeNavigationMode = .coalesced,
    scriptTimeLimit: Duration = .seconds(1),
    defaultURL: String = "https://app.bridgecheck.test/index.html",
    limits: PageLimits = PageLimits(),
    userAgent: String? = nil,
    sharesContextGroup: Bool = false
  ) {
    self.sharesContextGroup = sharesContextGroup
    self.limits = limits
    self.userAgent = userAgent ?? Self.defaultUserAgent
    self.seed = seed
    self.epochMilliseconds = epochMilliseconds
    self.iframeNavigation = iframeNavigation
    self.scriptTimeLimit = scriptTimeLimit
    self.defaultURL = defaultURL
  }
}
