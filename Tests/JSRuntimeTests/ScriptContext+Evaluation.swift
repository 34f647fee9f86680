import JSONModel
import Testing

@testable import JSRuntime

@Suite("Evaluation results and errors")
struct ScriptContextEvaluationTests {
  let context = ScriptContext()

  @Test func returnsTypedResults() throws {
    #expect(try context.evaluate("1 + 2").numberValue == 3)
    #expect(try context.evaluate("'a' + 'b'").stringValue == "ab")
    #expect(try context.evaluate("1 < 2").boolValue == true)
    #expect(try context.evaluate("undefined").isUndefined)
    #expect(try context.evaluate("null").isNull)
    #expect(try context.evaluate("(function () {})").isFunction)
    #expect(try context.evaluate("({a: 1})").kind == .object)
    #expect(try context.evaluate("Symbol('s')").kind == .symbol)
  }

  @Test func keepsGlobalStateAcrossEvaluations() throws {
    try context.evaluate("var counter = 41; let lexical = 'kept';")
    #expect(try context.evaluate("++counter").numberValue == 42)
    #expect(try context.evaluate("lexical").stringValue == "kept")
  }

  @Test func syntaxErrorReportsKindAndLine() throws {
    let error = try #require(throws: ScriptError.self) {
      try context.evaluate("var ok = 1;\nvar broken = ;\n", sourceURL: "page.js")
    }
    #expect(error.kind == .syntax)
    #expect(error.name == "SyntaxError")
    #expect(error.line == 2)
    #expect(error.sourceURL == "page.js")
  }

  @Test func runtimeSyntaxErrorIsAnException() throws {
    let error = try #require(throws: ScriptError.self) { try context.evaluate("JSON.parse('{')") }
    #expect(error.kind == .exception)
    #expect(error.name == "SyntaxError")
  }

  @Test func exceptionReportsNameMessageLineColumnAndStack() throws {
    let source = """
      function inner() {
        throw new TypeError('boom');
      }
      inner();
      """
    let error = try #require(throws: ScriptError.self) { try context.evaluate(source, sourceURL: "bridge.js") }
    #expect(error.kind == .exception)
    #expect(error.name == "TypeError")
    #expect(error.message == "boom")
    #expect(error.line == 2)
    #expect(error.column != nil)
    #expect(error.sourceURL == "bridge.js")
    #expect(error.stack?.contains("inner") == true)
    #expect(error.description.hasPrefix("TypeError: boom (bridge.js:2"))
  }

  @Test func thrownNonErrorValuesAreDescribed() throws {
    let number = try #require(throws: ScriptError.self) { try context.evaluate("throw 42") }
    #expect(number.message == "42")
    #expect(number.name == nil)
    let object = try #require(throws: ScriptError.self) {
      try context.evaluate("throw {toString() { return 'custom' }}")
    }
    #expect(object.message == "custom")
  }

  @Test func hostileToStringDoesNotBreakErrorReporting() throws {
    let error = try #require(throws: ScriptError.self) {
      try context.evaluate("throw {toString() { throw new Error('nested') }}")
    }
    #expect(error.message == "<unprintable object>")
    #expect(try context.evaluate("1").numberValue == 1)
  }

  @Test func lastExceptionKeepsTheThrownValue() throws {
    _ = try? context.evaluate("throw {code: 7}")
    #expect(try context.lastException?.property("code").numberValue == 7)
  }

  @Test func checkSyntaxDoesNotRun() throws {
    try context.checkSyntax("globalThis.ran = true")
    #expect(try context.evaluate("typeof ran").stringValue == "undefined")
    #expect(throws: ScriptError.self) { try context.checkSyntax("if (") }
  }

  @Test func closedContextThrowsContextClosed() throws {
    let closing = ScriptContext()
    let value = try closing.evaluate("({a: 1})")
    closing.close()
    closing.close()
    #expect(closing.isClosed)
    let error = try #require(throws: ScriptError.self) { try closing.evaluate("1") }
    #expect(error.kind == .contextClosed)
    #expect(throws: ScriptError.self) { try value.property("a") }
    #expect(value.isUndefined)
  }

  @Test func unhandledRejectionsAreReported() throws {
    var reasons: [String] = []
    context.onUnhandledRejection { reason in
      reasons.append((try? reason.property("message").stringValue) ?? "?")
    }
    try context.evaluate("Promise.reject(new Error('nobody caught me')); Promise.reject(1).catch(() => {})")
    #expect(reasons == ["nobody caught me"])
  }

  @Test func microtasksRunBeforeTheEntryReturns() throws {
    try context.evaluate("globalThis.order = []; Promise.resolve().then(() => order.push('micro')); order.push('sync')")
    #expect(try context.evaluate("order.join(',')").stringValue == "sync,micro")
  }
}
