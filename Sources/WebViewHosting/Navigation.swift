import JSONModel

/// Which frame asked for a navigation.
public enum FrameKind: String, Sendable, Hashable, Codable {
  /// The page itself (`location.href = …`).
  case main
  /// An iframe (its `src`, or its insertion into the document).
  case iframe
}

/// A navigation the page asked for, as the host's policy sees it
/// (the shape of `WKNavigationAction`).
public struct NavigationAction: Sendable, Hashable {
  /// The requested URL as WebKit hands it to the host: parsed and
  /// serialized (``NavigationURL``), not the text the page wrote.
  public var url: String
  /// The frame that navigates.
  public var frame: FrameKind
  /// The iframe's identity within its page, for iframe navigations.
  public var frameID: Int?

  /// A navigation request as the page makes it.
  public init(url: String, frame: FrameKind, frameID: Int? = nil) {
    self.url = url
    self.frame = frame
    self.frameID = frameID
  }
}

/// The host's answer to a navigation request.
public enum NavigationPolicy: String, Sendable, Hashable, Codable {
  /// Let the navigation happen.
  case allow
  /// Stop it (what a bridge does with its own signalling URLs).
  case cancel
}

/// A blocking dialog the page opened.
public struct PageDialog: Sendable, Hashable {
  /// Which dialog.
  public enum Kind: String, Sendable, Hashable {
    case alert, confirm, prompt
  }
  /// Which dialog.
  public var kind: Kind
  /// The text shown.
  public var message: String
  /// The default answer of a `prompt`.
  public var defaultText: String?

  /// A dialog the page opened.
  public init(kind: Kind, message: String, defaultText: String?) {
    self.kind = kind
    self.message = message
    self.defaultText = defaultText
  }
}

/// What the host answers to a dialog.
public enum DialogAnswer: Sendable, Hashable {
  /// Dismiss (`alert`), "Cancel" (`confirm` gives false, `prompt` gives null).
  case dismiss
  /// "OK" on a `confirm`.
  case confirm
  /// "OK" on a `prompt`, with this text.
  case text(String)
}

/// A body posted by `window.webkit.messageHandlers.<name>.postMessage(body)`.
public struct ScriptMessage: Sendable, Hashable {
  /// The handler name the page posted to.
  public var name: String
  /// The body, cloned out of the page (`nil` for `undefined`). Object keys
  /// come out sorted: WebKit does not keep their order either.
  public var body: JSONValueOrUndefined

  /// A posted message (`body` nil for `undefined`).
  public init(name: String, body: JSONValueOrUndefined) {
    self.name = name
    self.body = body
  }
}

/// A JSON value, or `nil` for JavaScript `undefined`.
public typealias JSONValueOrUndefined = JSONValue?

/// A script that a load runs (the page's own `<script>` elements, in order).
public struct PageScript: Sendable, Hashable {
  /// A name for errors and traces, e.g. `index.html#script1`.
  public var name: String
  /// The script text.
  public var source: String

  /// Creates a page script.
  public init(name: String, source: String) {
    self.name = name
    self.source = source
  }
}

/// When a host-provided user script runs (the shape of `WKUserScript`).
public enum UserScriptInjectionTime: String, Sendable, Hashable {
  /// Before any page script, in the same task that creates the page.
  case atDocumentStart
  /// After the page scripts, before the `DOMContentLoaded` event.
  case atDocumentEnd
}

/// What to load: a URL (reported by `location.href`) and the page's scripts.
public struct PageSource: Sendable, Hashable {
  /// The page URL.
  public var url: String
  /// The page's scripts, run in order, one task each.
  public var scripts: [PageScript]

  /// Creates a page source.
  public init(url: String, scripts: [PageScript]) {
    self.url = url
    self.scripts = scripts
  }
}

/// A Swift function page code can call (see
/// ``SimulatedWebView/addHostFunction(named:_:)``). Arguments arrive as JSON
/// (`nil` for `undefined`); the return value goes back the same way. A thrown
/// error becomes a JavaScript `Error` with the error's description.
public typealias HostFunction = ([JSONValue?]) throws -> JSONValue?
