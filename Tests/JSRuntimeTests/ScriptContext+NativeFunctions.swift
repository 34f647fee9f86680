import JSONModel
import Testing

@testable import JSRuntime

@Suite("Native functions")
struct NativeFunctionTests {
  let context = ScriptContext()

  @Test func receivesArgumentsAndReturnsValues() throws {
    let add = context.makeFunction(named: "add") { call in
      call.context.number((call[0].numberValue ?? 0) + (call[1].numberValue ?? 0))
    }
    try context.globalObject.setProperty("add", add)
    #expect(try context.evaluate("add(40, 2)").numberValue == 42)
    #expect(try context.evaluate("typeof add").stringValue == "function")
    #expect(try context.evaluate("add(1)").numberValue == 1)
  }

  @Test func missingArgumentsAreUndefinedAndNilReturnsUndefined() throws {
    var seen: [ScriptValue.Kind] = []
    let probe = context.makeFunction(named: "probe") { call in
      seen = (0..<3).map { call[$0].kind }
      return nil
    }
    try context.globalObject.setProperty("probe", probe)
    #expect(try context.evaluate("probe(null, 'x')").isUndefined)
    #expect(seen == [.null, .string, .undefined])
  }

  @Test func receivesThis() throws {
    let name = context.makeFunction(named: "name") { call in try call.this.property("name") }
    try context.globalObject.setProperty("name", name)
    #expect(try context.evaluate("({name: 'obj', f: name}).f()").stringValue == "obj")
  }

  @Test func thrownSwiftErrorsBecomeCatchableJavaScriptErrors() throws {
    struct Failure: Error, CustomStringConvertible { var description: String { "plain failure" } }
    try context.globalObject.setProperty(
      "typed", context.makeFunction(named: "typed") { _ in throw NativeFunctionError("bad input", name: "TypeError") })
    try context.globalObject.setProperty(
      "plain", context.makeFunction(named: "plain") { _ in throw Failure() })
    #expect(
      try context.evaluate("try { typed() } catch (e) { (e instanceof TypeError) + ':' + e.message }").stringValue
        == "true:bad input")
    #expect(try context.evaluate("try { plain() } catch (e) { e.message }").stringValue == "plain failure")
    let uncaught = try #require(throws: ScriptError.self) { try context.evaluate("typed()") }
    #expect(uncaught.name == "TypeError")
  }

  @Test func nativeFunctionsMayReenterTheContext() throws {
    let reenter = context.makeFunction(named: "reenter") { call in
      try call.context.evaluate("inner * 2")
    }
    try context.globalObject.setProperty("reenter", reenter)
    #expect(try context.evaluate("var inner = 21; reenter()").numberValue == 42)
  }

  @Test func javaScriptFunctionsCanBeCalledFromSwift() throws {
    let function = try context.evaluate("(function (a, b) { return this.base + a + b; })")
    let this = context.value(.object(["base": 100]))
    #expect(try function.call([context.number(1), context.number(2)], this: this).numberValue == 103)
    #expect(throws: ScriptError.self) { try context.number(1).call() }
  }
}
