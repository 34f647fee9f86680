import JSONModel

/// Which frame asked for a navigation.
package enum FrameKind: String, Sendable, Hashable, Codable {
  /// The page itself (`location.href = …`).
  case main
  /// An iframe (its `src`, or its insertion into the document).
  case iframe
}

/// A navigation the page asked for, as the host's policy sees it
/// (the shape of `WKNavigationAction`).
package struct NavigationAction: Sendable, Hashable {
  /// The requested URL as WebKit hands it to the host: parsed and
  /// serialized (``NavigationURL``), not the text the page wrote.
  package var url: String
  /// The frame that navigates.
  package var frame: FrameKind
  /// The iframe's identity within its page, for iframe navigations.
  package var frameID: Int?

  /// A navigation request as the page makes it.
  package init(url: String, frame: FrameKind, frameID: Int? = nil) {
    self.url = url
    self.frame = frame
    self.frameID = frameID
  }
}

/// The host's answer to a navigation request.
package enum NavigationPolicy: String, Sendable, Hashable, Codable {
  /// Let the navigation happen.
  case allow
  /// Stop it (what a bridge does with its own signalling URLs).
  case cancel
}

/// A blocking dialog the page opened.
package struct PageDialog: Sendable, Hashable {
  /// Which dialog.
  package enum Kind: String, Sendable, Hashable {
    case alert, confirm, prompt
  }
  /// Which dialog.
  package var kind: Kind
  /// The text shown.
  package var message: String
  /// The default answer of a `prompt`.
  package var defaultText: String?

  /// A dialog the page opened.
  package init(kind: Kind, message: String, defaultText: String?) {
    self.kind = kind
    self.message = message
    self.defaultText = defaultText
  }
}

/// What the host answers to a dialog.
package enum DialogAnswer: Sendable, Hashable {
  /// Dismiss (`alert`), "Cancel" (`confirm` gives false, `prompt` gives null).
  case dismiss
  /// "OK" on a `confirm`.
  case confirm
  /// "OK" on a `prompt`, with this text.
  case text(String)
}

/// A body posted by `window.webkit.messageHandlers.<name>.postMessage(body)`.
package struct ScriptMessage: Sendable, Hashable {
  /// The handler name the page posted to.
  package var name: String
  /// The body, cloned out of the page (`nil` for `undefined`). Object keys
  /// come out sorted: WebKit does not keep their order either.
  package var body: JSONValueOrUndefined

  /// A posted message (`body` nil for `undefined`).
  package init(name: String, body: JSONValueOrUndefined) {
    self.name = name
    self.body = body
  }
}

/// A JSON value, or `nil` for JavaScript `undefined`.
package typealias JSONValueOrUndefined = JSONValue?

/// A script that a load runs (the page's own `<script>` elements, in order).
package struct PageScript: Sendable, Hashable {
  /// A name for errors and traces, e.g. `index.html#script1`.
  package var name: String
  /// The script text.
  package var source: String

  /// Creates a page script.
  package init(name: String, source: String) {
    self.name = name
    self.source = source
  }
}

/// When a host-provided user script runs (the shape of `WKUserScript`).
package enum UserScriptInjectionTime: String, Sendable, Hashable {
  /// Before any page script, in the same task that creates the page.
  case atDocumentStart
  /// After the page scripts, before the `DOMContentLoaded` event.
  case atDocumentEnd
}

/// What to load: a URL (reported by `location.href`) and the page's scripts.
package struct PageSource: Sendable, Hashable {
  /// The page URL.
  package var url: String
  /// The page's scripts, run in order, one task each.
  package var scripts: [PageScript]

  /// Creates a page source.
  package init(url: String, scripts: [PageScript]) {
    self.url = url
    self.scripts = scripts
  }
}

/// A Swift function page code can call (see
/// ``SimulatedWebView/addHostFunction(named:_:)``). Arguments arrive as JSON
/// (`nil` for `undefined`); the return value goes back the same way. A thrown
/// error becomes a JavaScript `Error` with the error's description.
package typealias HostFunction = ([JSONValue?]) throws -> JSONValue?
