/// A namespace for scripts and message handlers. The kit has the page's own
/// world only (``page``), where bridgecheck's page and its page bridge run;
/// WebKit's other worlds are absent, so a bridge that uses one does not
/// compile.
open class WKContentWorld: NSObject, @unchecked Sendable {
  /// The world of the page's own scripts (the one `add(_:name:)` uses).
  public class var page: WKContentWorld { pageWorld }

  /// The world's name (nil for the page's world, as in WebKit).
  public let name: String?

  private init(name: String?) {
    self.name = name
  }

  private static let pageWorld = WKContentWorld(name: nil)
}
