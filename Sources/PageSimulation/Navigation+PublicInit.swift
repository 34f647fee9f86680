/// Public factories for the values a host receives, so that a stand-in host
/// outside this module (the proxy web view of an adapter process) can hand
/// them to a native bridge. (The memberwise initialisers are internal, and a
/// public initialiser with the same labels cannot be declared next to them.)
extension NavigationAction {
  /// A navigation request as the page would make it.
  package static func request(url: String, frame: FrameKind, frameID: Int? = nil) -> NavigationAction {
    NavigationAction(url: url, frame: frame, frameID: frameID)
  }
}

extension ScriptMessage {
  /// A posted message (`body` nil for `undefined`).
  package static func posted(name: String, body: JSONValueOrUndefined) -> ScriptMessage {
    ScriptMessage(name: name, body: body)
  }
}

extension PageDialog {
  /// A dialog the page opened, as a host stand-in (the adapter's proxy web
  /// view) receives it from the harness.
  package static func opened(kind: Kind, message: String, defaultText: String?) -> PageDialog {
    PageDialog(kind: kind, message: message, defaultText: defaultText)
  }
}
