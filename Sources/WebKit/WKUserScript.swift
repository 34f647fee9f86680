/// When a user script runs in a page.
public enum WKUserScriptInjectionTime: Int, Sendable {
  /// Before any of the page's own scripts.
  case atDocumentStart = 0
  /// When the document has been parsed.
  case atDocumentEnd = 1
}

/// A script the web view runs in every page it loads from then on.
@preconcurrency @MainActor
open class WKUserScript: NSObject {
  /// The script's source.
  public let source: String
  /// When it runs.
  public let injectionTime: WKUserScriptInjectionTime
  /// Whether it runs in the main frame only. The kit's pages have no
  /// frames the harness loads scripts into, so both values behave alike.
  public let isForMainFrameOnly: Bool

  /// Creates a user script.
  public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
    self.source = source
    self.injectionTime = injectionTime
    self.isForMainFrameOnly = forMainFrameOnly
  }
}
