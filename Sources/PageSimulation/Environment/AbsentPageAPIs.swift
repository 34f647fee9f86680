/// APIs that WebKit has (each checked in WebKitGTK 2.50: `name in window`,
/// in a dedicated worker, on `document`, an iframe element and `navigator`)
/// and the simulated page does not: what a page bridge may touch that the
/// simulated page cannot answer as WebKit would.
///
/// Each becomes a sentinel in the page (or worker): reading it notes the
/// API (a `page-api-missing` trace event, which the run reports at the top,
/// naming `--engine webkitgtk` as the way to judge such a bridge) and gives
/// `undefined`, as if it were absent; assigning it keeps the value, so a
/// page's own polyfill works as in a page that lacks the API. Sentinels are
/// not enumerable, and never shadow what the simulated page has. Globals
/// whose names pages commonly use for variables of their own (`name`,
/// `open`, `close`, `origin`, `screen`) are left out: a `var name;` of a page
/// script would otherwise read as a touch.
package enum AbsentPageAPIs {
  /// Globals of a WebKit page.
  package static let windowGlobals = [
    "EventTarget", "MutationObserver", "XMLHttpRequest", "fetch", "Headers", "Request", "Response", "localStorage",
    "sessionStorage", "history", "requestAnimationFrame", "cancelAnimationFrame", "MessageChannel", "MessagePort",
    "BroadcastChannel", "postMessage", "getComputedStyle", "matchMedia", "atob", "btoa", "URLSearchParams",
    "TextEncoder",
    "TextDecoder", "File", "FileReader", "FormData", "Image", "Node", "Element", "HTMLElement", "HTMLIFrameElement",
    "HTMLCollection", "NodeList", "Document", "DOMParser", "DOMException", "structuredClone", "crypto", "indexedDB",
    "WebSocket", "SharedWorker", "scrollTo", "getSelection", "AbortController", "IntersectionObserver",
    "ResizeObserver", "customElements", "innerWidth", "innerHeight", "devicePixelRatio", "CompressionStream",
    "DecompressionStream", "ReadableStream", "WritableStream", "TransformStream", "reportError", "isSecureContext",
  ]

  /// Globals of a WebKit dedicated worker.
  package static let workerGlobals = [
    "EventTarget", "XMLHttpRequest", "fetch", "Headers", "Request", "Response", "MessageChannel", "MessagePort",
    "BroadcastChannel", "atob", "btoa", "URLSearchParams", "TextEncoder", "TextDecoder", "File", "FileReader",
    "FileReaderSync", "FormData", "DOMException", "structuredClone", "crypto", "indexedDB", "WebSocket",
    "AbortController",
    "CompressionStream", "DecompressionStream", "ReadableStream", "WritableStream", "TransformStream", "reportError",
    "isSecureContext", "Worker", "requestAnimationFrame", "cancelAnimationFrame",
  ]

  /// Members of `document`.
  package static let documentMembers = [
    "cookie", "scripts", "forms", "images", "links", "referrer", "URL", "domain", "visibilityState", "hidden",
    "currentScript", "defaultView", "activeElement", "hasFocus", "write", "writeln", "open", "close", "createRange",
    "getSelection", "implementation", "characterSet", "createDocumentFragment", "getElementsByName", "createComment",
    "importNode", "adoptNode", "elementFromPoint", "execCommand", "contentType", "compatMode", "baseURI", "documentURI",
    "lastModified", "charset", "createElementNS", "evaluate", "styleSheets", "children", "firstElementChild",
    "location",
    "nodeType", "parentNode", "childNodes", "contains",
  ]

  /// Members of an element (the simulated page's elements share one prototype).
  package static let elementMembers = [
    "parentElement", "textContent", "innerHTML", "outerHTML", "nextSibling", "previousSibling", "lastChild",
    "cloneNode",
    "contains", "hasAttribute", "removeAttribute", "classList", "dataset", "click", "focus", "contentWindow",
    "contentDocument", "hidden", "innerText", "ownerDocument", "firstElementChild", "nextElementSibling",
    "insertAdjacentHTML", "matches", "closest", "getBoundingClientRect", "attributes", "localName", "replaceChild",
    "hasChildNodes", "onload", "onerror", "name",
  ]

  /// Members of `navigator`.
  package static let navigatorMembers = [
    "languages", "platform", "vendor", "onLine", "cookieEnabled", "product", "appVersion", "appName", "maxTouchPoints",
    "serviceWorker", "sendBeacon", "clipboard", "hardwareConcurrency", "webdriver",
  ]

  /// The JavaScript that defines `absent(target, prefix, names)` in an
  /// environment script (which has `host`, `defineProperty` and `stringify`).
  static let definition = environmentScripts.text(of: "absent-page-apis.js")

  /// A call of `absent` for `names` on `target`, notes named `prefix` + name.
  static func sentinels(on target: String, prefix: String, _ names: [String]) -> String {
    let list = names.map { "'\($0)'" }.joined(separator: ", ")
    return "  absent(\(target), '\(prefix)', [\(list)]);\n"
  }
}
