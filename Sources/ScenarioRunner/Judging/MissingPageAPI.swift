/// Recognises a page error that comes from something the simulated page does
/// not have (`document.foo is not a function`, `undefined is not an object
/// (evaluating 'document.x.y')`, `Can't find variable: Foo`), so that a report
/// names the missing API instead of blaming the bridge that reached for it.
///
/// It reads JavaScriptCore's wording. An API counts as the page's when its
/// root is a page object (`document`, `navigator`, `location`, …) or a global
/// that WebKit has; a missing member of the bridge's own objects
/// (`WebViewJavascriptBridge.init`) is the bridge's business and is not
/// recognised.
struct MissingPageAPI: Equatable {
  enum Kind: Equatable {
    /// Not in bridgecheck's simulated page; WebKit has it.
    case webKitHas
    /// Not in bridgecheck's simulated page; unknown whether WebKit has it.
    case maybe
    /// `webkit.messageHandlers.NAME` with no handler of that name: the
    /// native side registered none (WebKit behaves the same).
    case noMessageHandler(String)
  }

  /// The expression the page used, e.g. `document.createEvent`.
  var api: String
  var kind: Kind

  /// Words for a report, to follow the error's own text.
  var explanation: String {
    switch kind {
    case .webKitHas:
      return
        "the simulated page lacks `\(api)`, which WebKit has: a limit of bridgecheck's page, not a fault of the bridge"
    case .maybe:
      return
        "the simulated page lacks `\(api)`: if WebKit has it, this is a limit of bridgecheck's page, not a fault of the bridge"
    case .noMessageHandler(let name):
      return
        "no script message handler named \"\(name)\" exists: the native side registered none (WebKit has none either)"
    }
  }

  /// The diagnosis of an error of type `name` with `message`, or nil when
  /// the error is not about a missing page API.
  static func diagnose(name: String?, message: String) -> MissingPageAPI? {
    guard let expression = missingExpression(name: name, message: message) else { return nil }
    let parts = expression.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.allSatisfy(isIdentifier) else { return nil }
    var path = parts
    while path.count > 1, windowAliases.contains(path[0]) { path.removeFirst() }
    if path.count >= 2, path[0] == "webkit", path[1] == "messageHandlers" {
      return path.count >= 3 ? MissingPageAPI(api: expression, kind: .noMessageHandler(path[2])) : nil
    }
    if path.count == 1 {
      return webKitGlobals.contains(path[0]) ? MissingPageAPI(api: expression, kind: .webKitHas) : nil
    }
    guard pageObjects.contains(path[0]) else { return nil }
    let member = path[path.count - 1]
    let known = path.count == 2 && (pageMembers[path[0]]?.contains(member) ?? false)
    return MissingPageAPI(api: expression, kind: known ? .webKitHas : .maybe)
  }

  /// The expression that was missing, from JavaScriptCore's message.
  private static func missingExpression(name: String?, message: String) -> String? {
    if name == "ReferenceError", let variable = message.suffix(after: "Can't find variable: ") {
      return variable
    }
    guard name == nil || name == "TypeError" else { return nil }
    // `document.foo is not a function. (In 'document.foo()', 'document.foo' is undefined)`
    for phrase in [" is not a function", " is not a constructor"] {
      if let range = message.range(of: phrase), message.hasSuffix("is undefined)") {
        return String(message[..<range.lowerBound])
      }
    }
    // `undefined is not an object (evaluating 'document.x.y')`: `document.x` is missing.
    for prefix in [
      "undefined is not an object (evaluating '", "undefined is not a function (near '...",
      "undefined is not a constructor (evaluating 'new ",
    ] {
      guard let rest = message.suffix(after: prefix) else { continue }
      var evaluated = rest.prefix { $0 != "'" && $0 != "(" && $0 != "…" }
      if evaluated.hasSuffix("...") { evaluated = evaluated.dropLast(3) }
      let text = String(evaluated)
      if prefix.hasPrefix("undefined is not an object") {
        // The object read from is the expression without its last member or subscript.
        guard let cut = [text.lastIndex(of: "."), text.lastIndex(of: "[")].compactMap({ $0 }).max() else { return nil }
        return String(text[..<cut])
      }
      return text
    }
    return nil
  }

  private static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || $0 == "$" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
    }
  }

  private static let windowAliases: Set<String> = ["window", "self", "globalThis", "top", "parent"]

  /// Objects whose every member belongs to the page.
  private static let pageObjects: Set<String> = [
    "document", "navigator", "location", "history", "screen", "localStorage", "sessionStorage", "performance",
  ]

  /// Members WebKit has on those objects (the ones bridges and their pages use).
  private static let pageMembers: [String: Set<String>] = [
    "document": [
      "createEvent", "createElement", "createTextNode", "createDocumentFragment", "getElementById",
      "getElementsByTagName", "getElementsByClassName", "getElementsByName", "querySelector", "querySelectorAll",
      "addEventListener", "removeEventListener", "dispatchEvent", "documentElement", "head", "body", "readyState",
      "cookie", "title", "scripts", "forms", "images", "links", "location", "referrer", "URL", "domain",
      "visibilityState", "hidden", "currentScript", "defaultView", "activeElement", "hasFocus", "write", "writeln",
      "open", "close", "createRange", "getSelection", "implementation", "characterSet",
    ],
    "navigator": [
      "userAgent", "language", "languages", "platform", "vendor", "onLine", "cookieEnabled", "product", "appVersion",
    ],
    "location": [
      "href", "assign", "replace", "reload", "protocol", "host", "hostname", "port", "pathname", "search", "hash",
      "origin",
    ],
    "history": ["pushState", "replaceState", "back", "forward", "go", "length", "state"],
  ]

  /// Globals of a WebKit page that bridges and their pages use.
  private static let webKitGlobals: Set<String> = [
    "Event", "CustomEvent", "EventTarget", "MessageEvent", "ErrorEvent", "MutationObserver", "XMLHttpRequest", "fetch",
    "Headers", "Request", "Response", "localStorage", "sessionStorage", "history", "screen", "requestAnimationFrame",
    "cancelAnimationFrame", "MessageChannel", "postMessage", "getComputedStyle", "matchMedia", "atob", "btoa", "URL",
    "URLSearchParams", "TextEncoder", "TextDecoder", "Blob", "File", "FileReader", "FormData", "Image", "Node",
    "Element", "HTMLElement", "HTMLIFrameElement", "Document", "DOMParser", "DOMException", "structuredClone",
    "crypto", "indexedDB", "WebSocket", "Worker", "open", "close", "scrollTo", "getSelection", "requestIdleCallback",
    "AbortController", "IntersectionObserver", "ResizeObserver", "customElements", "innerWidth", "innerHeight",
    "devicePixelRatio",
  ]
}

extension String {
  /// The rest of the string after `prefix`, or nil when it does not start so.
  fileprivate func suffix(after prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
