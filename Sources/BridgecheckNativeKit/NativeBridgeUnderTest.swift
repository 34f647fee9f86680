import WebKit

/// A native bridge as the kit checks it: the five members of the WVJB
/// native API, mapped onto the bridge's own API by one small type that the
/// bridge's user writes (see docs/swift-native-kit.md).
///
/// The kit makes a fresh instance for every scenario, on a fresh
/// ``WebKit/WKWebView``, and calls it on the main actor only: main-actor
/// isolated, as WebKit's API is, so that a conforming type may call its
/// bridge's main-actor API (`@preconcurrency`, so that a Swift 5 mode
/// mapping that is not isolated still conforms).
@preconcurrency @MainActor
public protocol NativeBridgeUnderTest {
  /// Builds the bridge on `webView`, as an app does: the bridge adds its
  /// message handlers, user scripts and delegates to it here.
  init(webView: WKWebView)
  /// Registers (or replaces) the native handler `name`. `handler` gets the
  /// request's data as the bridge passes it (nil when absent) and the
  /// function that answers the page.
  func register(_ name: String, handler: @escaping (Any?, @escaping (Any?) -> Void) -> Void)
  /// Removes the native handler `name`.
  func remove(_ name: String)
  /// Calls the page handler `name` with `data` (nil: no data); `callback`,
  /// when given, gets the page's answer.
  func call(_ name: String, data: Any?, callback: ((Any?) -> Void)?)
  /// The bridge's `reset()`: pending callbacks dropped, handlers kept.
  func reset()
}
