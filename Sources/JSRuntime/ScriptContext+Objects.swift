import CJavaScriptCore

extension ScriptContext {
  /// A new plain object (as `{}` makes it) with `properties` assigned in
  /// order, made without entering the engine: no script runs, so no clock is
  /// read and no budget is spent. For the host's own objects, made before
  /// any page code runs (a setter the page defines on `Object.prototype`
  /// later cannot see them being made).
  ///
  /// - Throws: ``ScriptError`` when the context is closed or an assignment
  ///   throws.
  package func makeObject(_ properties: [(name: String, value: ScriptValue)]) throws(ScriptError) -> ScriptValue {
    let context = try open()
    let object = JSObjectMake(context, nil, nil)
    for (name, value) in properties {
      var exception: JSValueRef?
      JSStrings.with(name) { JSObjectSetProperty(context, object, $0, value.rawValue, 0, &exception) }
      if let exception { throw makeError(from: exception, sourceURL: nil, source: nil) }
    }
    return ScriptValue(context: self, raw: object)
  }
}
