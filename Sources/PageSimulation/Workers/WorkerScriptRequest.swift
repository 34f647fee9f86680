import JSRuntime

/// What a worker script URL (`new Worker(url)`, `importScripts(url)`)
/// gives in the simulated page, by WebKit's rules as measured in WebKitGTK
/// 2.50 (`Tests/WebKitEngineTests/WebKitHost+WorkerFidelity.swift`): a
/// `blob:` URL of the page's registry and a `data:` URL load; an `http(s)`
/// URL of the page's origin names a file, which neither engine of
/// bridgecheck serves (the page has no files); any other URL is refused.
enum WorkerScriptLoad: Equatable {
  /// The script's text, decoded as UTF-8.
  case script(String)
  /// A network error: an unknown or revoked blob URL, a data: URL whose
  /// base64 is broken, or (for `importScripts`) a script whose type is not
  /// JavaScript.
  case networkError
  /// A file at this URL: a real app may serve one, the simulated page
  /// cannot (it would be a limit of the page, not a fault of the bridge).
  case fileNotServed(String)
}

/// Resolves and loads worker scripts for one page.
struct WorkerScriptRequest {
  /// The page's URL (relative worker URLs resolve against it).
  let page: NavigationURL?
  /// The page's blob URLs.
  let blobs: BlobRegistry

  /// `new Worker(text)`: the worker's URL and what loading it gives. Throws
  /// what WebKit throws at once: a `SyntaxError` for a URL that does not
  /// parse, a `SecurityError` for one of another origin or scheme.
  func worker(_ text: String) throws(NativeFunctionError) -> (url: String, load: WorkerScriptLoad) {
    guard let url = NavigationURL(text, base: page) else { throw Self.syntaxError }
    let pageOrigin = page?.origin ?? "null"
    switch url.scheme {
    case "data":
      return (url.serialized, load(url, requireJavaScript: false))
    case "blob":
      guard url.origin == pageOrigin else { throw Self.securityError }
      return (url.serialized, load(url, requireJavaScript: false))
    case "http", "https":
      guard url.origin == pageOrigin else { throw Self.securityError }
      return (url.serialized, .fileNotServed(url.serialized))
    default:
      throw Self.securityError
    }
  }

  /// `importScripts(texts…)` in a worker at `base`: every URL resolved
  /// first (a `SyntaxError` if one does not parse), then each loaded; a
  /// script must have a JavaScript type, as WebKit checks here (not for the
  /// worker's own script).
  func imports(_ texts: [String], base: String) throws(NativeFunctionError) -> [(url: String, load: WorkerScriptLoad)] {
    let baseURL = NavigationURL(base)
    var urls: [NavigationURL] = []
    for text in texts {
      guard let url = NavigationURL(text, base: baseURL) else { throw Self.syntaxError }
      urls.append(url)
    }
    return urls.map { url in
      switch url.scheme {
      case "data", "blob": (url.serialized, load(url, requireJavaScript: true))
      case "http", "https": (url.serialized, .fileNotServed(url.serialized))
      default: (url.serialized, .networkError)
      }
    }
  }

  private func load(_ url: NavigationURL, requireJavaScript: Bool) -> WorkerScriptLoad {
    let type: String
    let bytes: [UInt8]
    if url.scheme == "blob" {
      guard let blob = blobs.blob(at: url.serialized) else { return .networkError }
      type = blob.type
      bytes = blob.bytes
    } else {
      guard let data = DataURL(url.serialized) else { return .networkError }
      type = data.mimeType
      bytes = data.body
    }
    if requireJavaScript, !Self.isJavaScript(type) { return .networkError }
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    return .script(String(decoding: text, as: UTF8.self))
  }

  /// Whether a MIME type (parameters allowed) is a JavaScript one.
  static func isJavaScript(_ type: String) -> Bool {
    let essence = type.split(separator: ";", maxSplits: 1).first.map { $0.lowercased() } ?? ""
    return javaScriptTypes.contains(essence.trimmingCharacters(in: " \t"))
  }

  private static let javaScriptTypes: Set<String> = [
    "application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript",
    "text/ecmascript", "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2",
    "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript", "text/livescript",
    "text/x-ecmascript", "text/x-javascript",
  ]

  static let syntaxError = NativeFunctionError("The string did not match the expected pattern.", name: "SyntaxError")
  static let securityError = NativeFunctionError("The operation is insecure.", name: "SecurityError")
  static let networkError = NativeFunctionError("Load failed", name: "NetworkError")
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var text = Substring(self)
    while let first = text.first, set.contains(first) { text = text.dropFirst() }
    while let last = text.last, set.contains(last) { text = text.dropLast() }
    return String(text)
  }
}
