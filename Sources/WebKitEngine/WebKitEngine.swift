/// The optional real engine (issue #14): a WebKitGTK web view driven the way
/// a native bridge drives a `WKWebView`. Built only with the package trait
/// `WebKitGTK` (`swift build --traits WebKitGTK`, which needs Debian's
/// `libwebkit2gtk-4.1-dev`); without it this module holds only
/// ``isBuilt``, so that the default build needs JavaScriptCore alone.
package enum WebKitEngine {
  /// Whether this build has the real engine.
  package static var isBuilt: Bool {
    #if WebKitGTK
      true
    #else
      false
    #endif
  }
}

/// Why the real engine could not do what was asked.
package struct WebKitError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, for a person.
  package var message: String

  /// Creates an error with its message.
  package init(_ message: String) { self.message = message }

  package var description: String { message }
}
