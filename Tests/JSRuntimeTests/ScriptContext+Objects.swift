import Testing

@testable import JSRuntime

@Suite("Objects made without entering the engine")
struct ScriptContextObjectTests {
  @Test func aMadeObjectIsAPlainObjectWithItsPropertiesInOrder() throws {
    let context = ScriptContext()
    defer { context.close() }
    let twice = context.makeFunction(named: "twice") { call in call.context.number(2 * (call[0].numberValue ?? 0)) }
    let object = try context.makeObject([
      (name: "twice", value: twice), (name: "limit", value: context.number(7)),
      (name: "label", value: context.string("host")),
    ])
    try context.globalObject.setProperty("made", object)
    #expect(try context.evaluate("Object.keys(made).join()").stringValue == "twice,limit,label")
    #expect(try context.evaluate("Object.getPrototypeOf(made) === Object.prototype").boolValue == true)
    #expect(try context.evaluate("made.twice(made.limit) + made.label").stringValue == "14host")
    #expect(
      try context.evaluate("JSON.stringify(Object.getOwnPropertyDescriptor(made, 'limit'))").stringValue
        == #"{"value":7,"writable":true,"enumerable":true,"configurable":true}"#)
  }

  @Test func aClosedContextMakesNoObject() {
    let context = ScriptContext()
    context.close()
    #expect(throws: ScriptError.self) { try context.makeObject([]) }
  }
}
