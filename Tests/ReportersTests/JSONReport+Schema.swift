import Foundation
import JSONModel
import Reporters
import ScenarioRunner
import TestSupport
import Testing
import WebViewHosting

/// A checker for the subset of JSON Schema (draft 2020-12) that
/// `docs/report-schema.json` uses: `type` (a name or a list; `integer` is a
/// number without a fraction), `required`, `properties`, `items`, `enum`,
/// `additionalProperties` (a Boolean or a schema) and local `$ref`s to
/// `#/$defs/…`. Annotations (`$schema`, `$id`, `title`, `description`,
/// `$comment`, `$defs`) are ignored; any other keyword is reported as an
/// error, so the schema cannot grow a keyword this checker would silently
/// skip.
struct SchemaChecker {
  let root: JSONValue

  static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$comment", "$defs"]
  static let assertions: Set<String> = [
    "type", "required", "properties", "items", "enum", "additionalProperties", "$ref",
  ]

  /// The keywords of every subschema that the checker does not know, as
  /// `pointer/keyword`.
  func unsupportedKeywords() -> [String] {
    var found: [String] = []
    var pending: [(JSONValue, JSONPointer)] = [(root, .root)]
    while let (schema, pointer) = pending.popLast() {
      guard let keywords = schema.objectValue else { continue }
      for (key, value) in keywords {
        let here = pointer.appending(key)
        switch key {
        case "properties", "$defs":
          for (name, subschema) in value.objectValue ?? JSONObject() {
            pending.append((subschema, here.appending(name)))
          }
        case "items", "additionalProperties":
          pending.append((value, here))
        case _ where Self.annotations.contains(key) || Self.assertions.contains(key):
          break
        default:
          found.append(here.description)
        }
      }
    }
    return found.sorted()
  }

  /// The problems of `value`, each as `pointer: problem`; empty when it matches.
  func problems(_ value: JSONValue) -> [String] {
    var problems: [String] = []
    check(value, against: root, at: .root, into: &problems)
    return problems
  }

  private func check(
    _ value: JSONValue, against schema: JSONValue, at pointer: JSONPointer, into problems: inout [String]
  ) {
    func problem(_ text: String) { problems.append("\(pointer.isRoot ? "/" : pointer.description): \(text)") }
    if case .bool(let allowed) = schema {
      if !allowed { problem("no value is allowed here") }
      return
    }
    guard let keywords = schema.objectValue else {
      problem("the schema is not an object or a Boolean")
      return
    }
    for key in keywords.keys where !Self.annotations.contains(key) && !Self.assertions.contains(key) {
      problem("the checker does not support the keyword \(key)")
    }
    if let reference = keywords["$ref"] {
      guard let text = reference.stringValue, text.hasPrefix("#"),
        let target = try? root.resolving(JSONPointer(parsing: String(text.dropFirst())))
      else {
        problem("unresolvable $ref \(reference)")
        return
      }
      check(value, against: target, at: pointer, into: &problems)
    }
    if let type = keywords["type"] {
      let names = type.arrayValue?.compactMap(\.stringValue) ?? type.stringValue.map { [$0] } ?? []
      let matches = names.contains { name in
        name == value.typeName
          || (name == "integer" && value.numberValue.map { $0.rounded() == $0 && $0.isFinite } == true)
      }
      if !matches { problem("expected \(names.joined(separator: " or ")), found \(value.typeName)") }
    }
    if let allowed = keywords["enum"]?.arrayValue, !allowed.contains(value) {
      problem("\(value) is not one of \(JSONValue.array(allowed))")
    }
    if let object = value.objectValue {
      for name in keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
        problem("the required key \"\(name)\" is missing")
      }
      let properties = keywords["properties"]?.objectValue ?? JSONObject()
      for (key, member) in object {
        if let propertySchema = properties[key] {
          check(member, against: propertySchema, at: pointer.appending(key), into: &problems)
        } else if let additional = keywords["additionalProperties"] {
          check(member, against: additional, at: pointer.appending(key), into: &problems)
        }
      }
    }
    if let elements = value.arrayValue, let items = keywords["items"] {
      for (index, element) in elements.enumerated() {
        check(element, against: items, at: pointer.appending(index), into: &problems)
      }
    }
  }
}

extension JSONValue {
  /// The value at `pointer`, or `nil`.
  fileprivate func resolving(_ pointer: JSONPointer) -> JSONValue? {
    var current = self
    for token in pointer.tokens {
      if let object = current.objectValue, let next = object[token] {
        current = next
      } else if let elements = current.arrayValue, let index = Int(token), elements.indices.contains(index) {
        current = elements[index]
      } else {
        return nil
      }
    }
    return current
  }
}

@Suite struct JSONReportSchema {
  static let schemaPath = packageRoot.appendingPathComponent("docs/report-schema.json").path

  static func checker() throws -> SchemaChecker {
    let data = try #require(FileManager.default.contents(atPath: schemaPath), "cannot read \(schemaPath)")
    return SchemaChecker(root: try JSONValue.parse(utf8: [UInt8](data)))
  }

  static func rendered(_ report: RunReport = SampleReport.report) throws -> JSONValue {
    try JSONValue.parse(JSONReport.render(report))
  }

  @Test func theSchemaIsDraft202012AndUsesOnlyCheckedKeywords() throws {
    let checker = try Self.checker()
    #expect(checker.root["$schema"] == "https://json-schema.org/draft/2020-12/schema")
    #expect(checker.unsupportedKeywords().isEmpty, "\(checker.unsupportedKeywords())")
    let unchecked = SchemaChecker(root: ["type": "object", "properties": ["a": ["minimum": 0]]])
    #expect(unchecked.unsupportedKeywords() == ["/properties/a/minimum"])
  }

  @Test(arguments: [false, true])
  func theRenderedReportMatchesTheSchema(interrupted: Bool) throws {
    var report = SampleReport.report
    report.interrupted = interrupted
    let problems = try Self.checker().problems(Self.rendered(report))
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test(
    "an explored run's report (summary and results) matches the schema, and its text and Markdown say how many schedules ran"
  )
  func anExploredRunMatchesTheSchema() throws {
    var report = SampleReport.report
    report.schedules = RunSchedules(names: ["default", "steps-apart", "timers-late"], seeds: 30)
    for index in report.results.indices {
      report.results[index].exploration = ScheduleExploration(schedules: 33, distinctSchedules: 20, seedsAsked: 30)
      report.results[index].exploration?.systematicAsked = 2
    }
    report.results[0].exploration = ScheduleExploration(
      schedules: 3, distinctSchedules: 3, seedsAsked: 30, failingSeed: 2,
      failingSchedule: [ScheduleChoice(index: 4, point: .order, value: 1)])
    report.results[1].exploration?.failingScheduleName = "timers-late"
    report.results[1].exploration?.failingSchedule = [ScheduleChoice(index: 7, point: .timerLatency, value: 1)]
    let problems = try Self.checker().problems(Self.rendered(report))
    #expect(problems.isEmpty, "\(problems)")
    let rendered = try Self.rendered(report)
    let totals = try #require(rendered["summary"]?["exploration"])
    let count = report.results.count
    #expect(totals["schedules"] == .number(Double(3 + 33 * (count - 1))))
    #expect(totals["distinctSchedules"] == .number(Double(3 + 20 * (count - 1))))
    #expect(totals["systematicAsked"] == 2)
    #expect(totals["failing"] == 2)
    #expect(rendered["results"]?[0]?["exploration"]?["failingSeed"] == "2")
    #expect(rendered["results"]?[1]?["exploration"]?["failingScheduleName"] == "timers-late")
    #expect(rendered["schedules"]?["names"] == ["default", "steps-apart", "timers-late"])
    let line =
      "schedules: the default gate's 3 (default, steps-apart, timers-late), then up to 30 seeds: "
      + "\(3 + 33 * (count - 1)) schedules run over \(count) scenarios, \(3 + 20 * (count - 1)) distinct, 2 failing"
    #expect(TerminalReport.render(report).contains(line + "\n\nbridgecheck: "))
    #expect(
      MarkdownReport.render(report).contains("Schedules: the default gate's 3 (default, steps-apart, timers-late)"))
    #expect(
      JUnitReport.render(report).contains("name=\"bridgecheck.schedules\" value=\"schedules: the default gate&apos;s 3")
    )
    // A run under the default schedule only says so, and counts nothing.
    var single = SampleReport.report
    single.schedules = RunSchedules(names: ["default"])
    #expect(try Self.checker().problems(Self.rendered(single)).isEmpty)
    #expect(try Self.rendered(single)["summary"]?["exploration"] == nil)
    #expect(TerminalReport.render(single).contains("schedules: the default one only (--schedules single"))
    // A report that names no schedules (a real engine's) says nothing about them.
    #expect(try Self.rendered()["summary"]?["exploration"] == nil)
    #expect(!TerminalReport.render(SampleReport.report).contains("schedules: "))
  }

  @Test func anEmptyRunMatchesTheSchema() throws {
    var report = SampleReport.report
    report.results = []
    let problems = try Self.checker().problems(Self.rendered(report))
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func theSchemaRequiresEveryKeyTheReportWrites() throws {
    let checker = try Self.checker()
    let report = try Self.rendered()
    let schemaRoot = checker.root
    #expect(Set(try #require(report.objectValue).keys) == Set(strings(schemaRoot["required"])))
    #expect(
      Set(try #require(report["summary"]?.objectValue).keys)
        == Set(strings(schemaRoot["properties"]?["summary"]?["required"])))
    let resultSchema = try #require(schemaRoot["$defs"]?["result"])
    let optional: Set<String> = ["detail", "reproduce"]
    for result in try #require(report["results"]?.arrayValue) {
      let keys = Set(try #require(result.objectValue).keys)
      #expect(keys.subtracting(optional) == Set(strings(resultSchema["required"])))
      #expect(keys.isSubset(of: Set(try #require(resultSchema["properties"]?.objectValue).keys)))
    }
  }

  @Test func theCheckerRejectsReportsThatBreakTheSchema() throws {
    let checker = try Self.checker()
    let report = try #require(Self.rendered().objectValue)
    var results = try #require(report["results"]?.arrayValue)
    var first = try #require(results[1].objectValue)

    var missingKey = first
    missingKey["gating"] = nil
    var extraKey = first
    extraKey["verdict"] = "fail"
    var wrongType = first
    wrongType["traceEventCount"] = "4"
    var fraction = first
    fraction["traceEventCount"] = 4.5
    var unknownStatus = first
    unknownStatus["status"] = "flaky"
    var badEvent = first
    badEvent["trace"] = [["seq": 0, "time": 0, "source": "browser", "event": "x"]]

    for broken in [missingKey, extraKey, wrongType, fraction, unknownStatus, badEvent] {
      results[1] = .object(broken)
      var copy = report
      copy["results"] = .array(results)
      #expect(!checker.problems(.object(copy)).isEmpty, "\(broken.keys)")
    }
    first["message"] = .null
    results[1] = .object(first)
    var nullMessage = report
    nullMessage["results"] = .array(results)
    #expect(checker.problems(.object(nullMessage)).isEmpty, "a null message is allowed")

    var numericSeed = report
    numericSeed["seed"] = 7
    #expect(checker.problems(.object(numericSeed)) == ["/seed: expected string, found number"])
  }

  private func strings(_ value: JSONValue?) -> [String] {
    value?.arrayValue?.compactMap(\.stringValue) ?? []
  }
}
