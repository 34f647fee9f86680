import Dialects

/// Applicability under the page API a dialect offers: the two-argument
/// call form (profile member `twoArgumentCall`) and, where page calls reach
/// native code only as host-object methods named after their handlers
/// (JsBridge 2.x, a `host-object` signal with `"method": null`), the
/// handler names that can be native handlers at all.
extension DialectApplicability {
  /// Why `fixture` cannot run in `profile` because of the page API, or nil.
  static func pageAPIReason(_ fixture: Fixture, profile: BridgeProfile) -> String? {
    let steps = fixture.setup.onReady + fixture.steps
    if !profile.twoArgumentCall {
      for step in steps {
        guard case .pageCall(let handler, _, _, .twoArgument) = step else { continue }
        return
          "the fixture calls \(profile.names.callHandler)(\(handler.jsonLiteral), fn), and the page API of the profile "
          + "\(profile.name) has no two-argument form (\"twoArgumentCall\": false): its \(profile.names.callHandler) "
          + "takes (name, data, callback), so the function would be data"
      }
    }
    guard let (signal, calls) = profile.hostObjectCalls, calls.handlerMethods, !calls.genericMethod else { return nil }
    let only =
      "in the profile \(profile.name) a page call reaches native code only as the host object's method named after its "
      + "handler (\(signal.name).<handler>(json, id), the name read as a property path; \"method\": null)"
    let installed = Set(fixture.setup.nativeHandlers.map(\.name))
    for name in pageCalledHandlers(fixture, steps: steps) {
      if !profile.pageCallCanReachNative(name) {
        return
          "the fixture calls the native handler \(name.jsonLiteral) from the page, and \(only): a handler whose name "
          + "is not an identifier cannot be a native handler of the dialect"
      }
      if !installed.contains(name) {
        return
          "the fixture calls \(name.jsonLiteral) from the page, which is no native handler when the page loads, and "
          + "\(only): the host object the page gets has no method \(name.jsonLiteral), so the call cannot reach native "
          + "code, nor be answered as a missing handler"
      }
    }
    return nil
  }

  /// The handler names the page calls: page calls, and the calls page
  /// handlers make when invoked.
  private static func pageCalledHandlers(_ fixture: Fixture, steps: [Step]) -> [String] {
    var names: [String] = []
    let pageHandlers =
      fixture.setup.pageHandlers
      + steps.compactMap { step -> NamedBehaviour? in
        if case .pageRegister(let named) = step { return named }
        return nil
      }
    for named in pageHandlers { if let call = named.behaviour.call { names.append(call.handler) } }
    for step in steps {
      if case .pageCall(let handler, _, _, _) = step { names.append(handler) }
    }
    return names
  }
}
