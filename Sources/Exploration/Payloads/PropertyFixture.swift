import JSONModel

/// One value sent both ways under one handler name.
package struct PayloadCase: Sendable, Hashable {
  /// The handler name (a page handler and a native handler of that name).
  package var handler: String
  /// The value, sent as `data` and echoed back as `responseData`.
  package var value: JSONValue

  /// Creates a case.
  package init(handler: String, value: JSONValue) {
    self.handler = handler
    self.value = value
  }
}

/// The fixture that checks the payload properties for some cases, in both
/// directions: every value reaches the handler of its own name exactly
/// once and unchanged as `data`, and comes back exactly once and unchanged
/// as `responseData`; evaluated scripts never contain raw U+2028/U+2029 (a
/// built-in invariant of every scenario). A case may also send a string
/// with lone surrogates from the page (JSON cannot hold them): it must reach
/// its handler exactly once.
///
/// It is an ordinary fixture file: `bridgecheck fuzz --write-fixture` writes
/// it, and `bridgecheck run FILE` runs it.
package enum PropertyFixture {
  /// The fixture for `cases`, with the id `data/<name>`.
  package static func make(name: String, cases: [PayloadCase], loneSurrogates: Bool = false, title: String? = nil)
    -> JSONValue
  {
    var pageHandlers = JSONObject()
    var nativeHandlers = JSONObject()
    var steps: [JSONValue] = [["action": "settle"]]
    var events: [JSONValue] = []
    var counts: [JSONValue] = []
    for (index, item) in cases.enumerated() {
      let handler = JSONValue.string(item.handler)
      let data: JSONValue = ["$literal": item.value]
      pageHandlers[item.handler] = "echo"
      nativeHandlers[item.handler] = "echo"
      let toPage = JSONValue.string("n\(index + 1)")
      let toNative = JSONValue.string("p\(index + 1)")
      steps.append(["action": "native.call", "handler": handler, "data": item.value, "callback": toPage])
      steps.append(["action": "page.call", "handler": handler, "data": item.value, "callback": toNative])
      events += [
        ["event": "page-handler-invoked", "handler": handler, "data": data],
        ["event": "native-callback-invoked", "label": toPage, "data": data],
        ["event": "native-handler-invoked", "handler": handler, "data": data],
        ["event": "page-callback-invoked", "label": toNative, "data": data],
      ]
      counts += [
        ["event": "native-callback-invoked", "label": toPage, "$count": 1],
        ["event": "page-callback-invoked", "label": toNative, "$count": 1],
      ]
    }
    // Each name reaches exactly its own handler: as many invocations of a
    // name as cases that use it, in each direction.
    var uses: [String: Int] = [:]
    for item in cases { uses[item.handler, default: 0] += 1 }
    for name in uses.keys.sorted() {
      counts.append(["event": "page-handler-invoked", "handler": .string(name), "$count": .number(Double(uses[name]!))])
      counts.append(
        [
          "event": "native-handler-invoked", "handler": .string(name),
          "$count": .number(Double(uses[name]! + (loneSurrogates && name == cases.first?.handler ? 2 : 0))),
        ])
    }
    if loneSurrogates, let first = cases.first {
      // Lone surrogates exist only on the JavaScript side: sent from the page.
      let name = JSONValue.string(first.handler).serialized()
      for data in ["'a\\uD800b'", "{s: 'a\\uD800b\\uDC00c\\uDBFF', k: ['\\uDFFF']}"] {
        steps.append([
          "action": "page.script", "script": .string("__bridgecheck.call(null, \(name), true, \(data), 'standard');"),
        ])
      }
    }
    steps.append(["action": "settle"])
    return [
      "id": .string("data/\(name)"),
      "title": .string(
        title ?? "Payloads sent both ways reach exactly their own handler, once and unchanged, and come back unchanged"),
      "area": "data",
      "level": "must",
      "spec": "msg-string-content-exact",
      "subject": "pair",
      "tags": ["fuzz"],
      "description":
        "Written by bridgecheck fuzz: each value is sent native -> page and page -> native under its handler name and echoed back.",
      "setup": ["pageHandlers": .object(pageHandlers), "nativeHandlers": .object(nativeHandlers)],
      "steps": .array(steps),
      "expect": ["ordered": false, "events": .array(events), "counts": .array(counts)],
    ]
  }
}
