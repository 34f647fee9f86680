/// The error domain of WebKit's errors, as `NSError.domain` reports it.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let WKErrorDomain = "WKErrorDomain"

/// The `userInfo` key of a script exception's message.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let WKJavaScriptExceptionMessageErrorKey = "WKJavaScriptExceptionMessage"
/// The `userInfo` key of a script exception's line number.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let WKJavaScriptExceptionLineNumberErrorKey = "WKJavaScriptExceptionLineNumber"
/// The `userInfo` key of a script exception's column number.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let WKJavaScriptExceptionColumnNumberErrorKey = "WKJavaScriptExceptionColumnNumber"
/// The `userInfo` key of a script exception's source URL.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let WKJavaScriptExceptionSourceURLErrorKey = "WKJavaScriptExceptionSourceURL"

/// An error of WebKit, in ``WKErrorDomain``: what `evaluateJavaScript`'s
/// completion handler receives when the script throws or its value has no
/// Foundation form.
public struct WKError: CustomNSError, Hashable, @unchecked Sendable {
  /// WebKit's error codes (the numbers are WebKit's).
  public enum Code: Int, Sendable {
    /// An unknown error occurred.
    case unknown = 1
    /// The web content process was terminated.
    case webContentProcessTerminated = 2
    /// The web view was invalidated.
    case webViewInvalidated = 3
    /// A JavaScript exception occurred.
    case javaScriptExceptionOccurred = 4
    /// The result of JavaScript execution could not be returned.
    case javaScriptResultTypeIsUnsupported = 5
  }

  /// What went wrong.
  public let code: Code
  /// The error's user info (the exception's message, line, column, source URL).
  public let errorUserInfo: [String: Any]

  /// Creates an error with `code` and `userInfo`.
  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.code = code
    self.errorUserInfo = userInfo
  }

  /// ``WKErrorDomain``.
  public static var errorDomain: String { WKErrorDomain }
  /// The code's number.
  public var errorCode: Int { code.rawValue }

  /// Errors are equal when their codes are.
  public static func == (lhs: WKError, rhs: WKError) -> Bool { lhs.code == rhs.code }
  /// Hashes the code.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
