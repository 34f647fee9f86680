import Foundation
import Testing

@testable import JSRuntime

/// Large texts evaluated again in a group run from the engine script kept
/// for them (``ReusedScripts``): the results, side effects and errors must be
/// those of evaluating the text.
@Suite("Large scripts evaluated again")
struct ScriptContextReusedScriptsTests {
  /// A script of more than ``ReusedScripts/minimumLength`` bytes that counts
  /// its runs in a global and returns the count; line 3 throws when `fail` is set.
  static let counting =
    "var runs = (typeof runs === 'number' ? runs : 0) + 1;\n"
    + "var label = 'counting';\n"
    + "if (globalThis.fail) { throw new Error('asked to fail'); }\n"
    + "/*" + String(repeating: "padding ", count: 600) + "*/\n"
    + "runs;\n"

  @Test func aReusedTextKeepsItsResultsAndSideEffects() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .seconds(5), sharesContextGroup: true))
    // A string and a source name of this test's own: other tests on this thread share its group.
    let text = String(decoding: Array(Self.counting.utf8), as: UTF8.self)
    let name = "count-\(UUID().uuidString).js"
    #expect(text.utf8.count >= ReusedScripts.minimumLength)
    let before = context.reusedScriptHits
    for run in 1...4 {
      #expect(try context.evaluate(text, sourceURL: name).numberValue == Double(run))
    }
    // The first evaluation is a sighting, the second keeps the text, the next two reuse it.
    #expect(context.reusedScriptHits - before == 2)
  }

  @Test func aReusedTextRunsAfreshInEachPageOfTheGroup() throws {
    let text = Self.counting
    for _ in 1...4 {
      let page = ScriptContext(configuration: .init(timeLimit: .seconds(5), sharesContextGroup: true))
      #expect(try page.evaluate(text, sourceURL: "count.js").numberValue == 1)
      page.close()
    }
  }

  @Test func errorsOfAReusedTextNameItsLineAndSource() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .seconds(5), sharesContextGroup: true))
    try context.evaluate("globalThis.fail = true")
    let text = Self.counting
    for _ in 1...3 {
      let error = try #require(throws: ScriptError.self) { try context.evaluate(text, sourceURL: "count.js") }
      #expect(error.kind == .exception)
      #expect(error.message.contains("asked to fail"))
      #expect(error.line == 3)
      #expect(error.sourceURL == "count.js")
    }
    let other = try #require(throws: ScriptError.self) { try context.evaluate(text, sourceURL: "other.js") }
    #expect(other.sourceURL == "other.js")
  }

  @Test func aLargeTextWithASyntaxErrorReportsItEveryTime() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .seconds(5), sharesContextGroup: true))
    let text = Self.counting + "var broken = ;\n"
    for _ in 1...3 {
      let error = try #require(throws: ScriptError.self) { try context.evaluate(text, sourceURL: "broken.js") }
      #expect(error.kind == .syntax)
      #expect(error.line == 6)
    }
  }

  @Test func equalTextsInOtherStringsGiveTheSameResults() throws {
    let context = ScriptContext(configuration: .init(timeLimit: .seconds(5), sharesContextGroup: true))
    for run in 1...4 {
      // A new string each time: never the same storage, so never a kept text.
      let copy = String(decoding: Array(Self.counting.utf8), as: UTF8.self)
      #expect(try context.evaluate(copy, sourceURL: "count.js").numberValue == Double(run))
    }
  }
}
