import JSONModel
import Testing

/// The reader every file format shares: each problem has a stable code,
/// the file, the JSON pointer (or line and column) and the fix.
@Suite("JSON file problems")
struct JSONFileProblemReadingTests {
  @Test func anUnreadableFileIsReportedWithItsCode() throws {
    let problem = try #require(JSONValue.parse(fileContents: nil, file: "gone.json").failure)
    #expect(problem.code == "unreadable")
    #expect(
      problem.description
        == "gone.json: the file cannot be read [unreadable]\n  hint: check the path and that the file is readable")
  }

  @Test func aSyntaxErrorGivesLineColumnCodeAndHint() throws {
    let text = "{\n  \"a\": 1,,\n}"
    let problem = try #require(JSONValue.parse(fileContents: Array(text.utf8), file: "f.json").failure)
    #expect(problem.code == "invalid-json")
    #expect(problem.line == 2 && problem.column == 10)
    #expect(problem.description.hasPrefix("f.json:2:10: not valid JSON: "))
    #expect(problem.description.hasSuffix("[invalid-json]\n  hint: " + JSONValue.strictJSONHint))
  }

  @Test func nestingBeyondTheLimitIsTooDeep() throws {
    let text = String(repeating: "[", count: 5) + String(repeating: "]", count: 5)
    let problem = try #require(JSONValue.parse(fileContents: Array(text.utf8), file: "d.json", maxDepth: 3).failure)
    #expect(problem.code == "too-deep")
  }

  @Test func anUnknownMemberNamesThePointerAndSuggestsTheNearestName() throws {
    let problems = ProblemCollector(file: "m.json")
    let root = try JSONValue.parse(#"{"mutants": {"a": ["x"]}, "notYetJudgd": {}}"#)
    _ = JSONNode(value: root, problems: problems).object(allowed: ["mutants", "notYetJudged"])
    let problem = try #require(problems.problems.first)
    #expect(problems.problems.count == 1)
    #expect(problem.code == "unknown-field")
    #expect(problem.pointer.description == "/notYetJudgd")
    #expect(
      problem.description
        == "m.json#/notYetJudgd: unknown field \"notYetJudgd\" [unknown-field]\n"
        + "  hint: did you mean \"notYetJudged\"? allowed fields: mutants, notYetJudged")
  }

  @Test func quotedTextIsShownOnOneLine() throws {
    let problems = ProblemCollector(file: "q.json")
    let root = try JSONValue.parse(#"{"a\u2028b": 1}"#)
    _ = JSONNode(value: root, problems: problems).object(allowed: ["ab"])
    let text = try #require(problems.problems.first).description
    #expect(text.split(separator: "\n").count == 2)
    #expect(text.hasPrefix("q.json#/a<U+2028>b: unknown field \"a<U+2028>b\" [unknown-field]"))
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
