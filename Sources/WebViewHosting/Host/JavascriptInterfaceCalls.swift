import JSONModel

/// JavaScript interfaces (`addJavascriptInterface`) as every engine builds
/// them: a page object per interface whose methods call one host function
/// with `[method, [arguments…]]`, and that host function, which records
/// `interface-called` and runs the native handler. One definition, so that
/// both engines give a bridge the same objects and the same trace.
package enum JavascriptInterfaceCalls {
  /// The name of the host function behind the interface `name`.
  package static func hostFunctionName(_ name: String) -> String { "__bridgecheckInterface_" + name }

  /// A statement per interface that defines its object as a global; `slice`
  /// is an expression for `Array.prototype.slice` in the scope they run in.
  package static func definitions(_ interfaces: [(name: String, methods: [String])], slice: String) -> [String] {
    interfaces.map { interface -> String in
      let function = JSONValue.string(hostFunctionName(interface.name)).serialized()
      let methods = interface.methods.map { method -> String in
        let quoted = JSONValue.string(method).serialized()
        return "\(quoted): function () { return globalThis[\(function)](\(quoted), \(slice).call(arguments)); }"
      }
      return "globalThis[\(JSONValue.string(interface.name).serialized())] = {\(methods.joined(separator: ", "))};"
    }
  }

  /// The host function of interface `name`: records the call in `trace`,
  /// then runs `handler` at once (its value is the call's result, recorded
  /// as `interface-returned` unless it is `undefined`) or, for an
  /// `asynchronous` interface, in a host task that `later` schedules (the
  /// call returns `undefined`).
  package static func hostFunction(
    name: String, asynchronous: Bool, trace: Trace, handler: @escaping (String, [JSONValue?]) -> JSONValue?,
    later: @escaping (_ label: String, _ task: @escaping () -> Void) -> Void
  ) -> HostFunction {
    { arguments in
      let method = arguments.first??.stringValue ?? ""
      let passed = (arguments.count > 1 ? arguments[1]?.arrayValue ?? [] : []).map { $0 == .null ? nil : $0 }
      trace.record(
        .page, TraceEventName.interfaceCalled,
        ["name": .string(name), "method": .string(method), "arguments": .array(passed.map { $0 ?? .null })])
      guard asynchronous else {
        let result = handler(method, passed)
        // What the page gets back is a message too where the dialect answers with return values.
        if let result {
          trace.record(
            .native, TraceEventName.interfaceReturned,
            ["name": .string(name), "method": .string(method), "result": result])
        }
        return result
      }
      later("\(name).\(method)") { _ = handler(method, passed) }
      return nil
    }
  }
}
