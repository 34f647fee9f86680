import Foundation
import Reporters
import ScenarioRunner
import Testing

/// Validates JUnit documents with a real validator: `xmllint --schema`
/// (Debian's libxml2-utils; `scripts/test.sh` installs it when missing)
/// against `Schemas/junit-10-facts.xsd`, the Jenkins xUnit plugin's
/// junit-10.xsd restated.
enum JUnitSchema {
  static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Schemas/junit-10-facts.xsd").path

  static var xmllint: String? {
    ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// xmllint's complaints about `document`; empty when it is valid.
  static func problems(_ document: String) throws -> String {
    guard let xmllint else {
      return "xmllint is not installed: apt-get install libxml2-utils (scripts/test.sh does it)"
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
    try document.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: xmllint)
    process.arguments = ["--noout", "--schema", schema, file.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? "" : text
  }
}

@Suite struct JUnitReportSchema {
  @Test func everyOutcomeIsValidUnderJunit10() throws {
    var empty = SampleReport.report
    empty.results = []
    for report in [SampleReport.report, SampleReport.passingReport, empty] {
      for options in [JUnitReport.Options(redactDurations: true), JUnitReport.Options()] {
        let problems = try JUnitSchema.problems(JUnitReport.render(report, options: options))
        #expect(problems.isEmpty, "\(problems)")
      }
    }
  }

  /// The validator is real: the attributes the old reports had are errors.
  @Test func theValidatorRejectsTheOldReportsAttributes() throws {
    let old = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="bridgecheck" tests="1" failures="0" errors="0" skipped="0" time="0.001">
        <testsuite name="a" tests="1" failures="0" errors="0" skipped="0" time="0.001">
          <testcase classname="bridgecheck.a" name="a/b" time="0.001" file="Fixtures/a/b.json"/>
        </testsuite>
      </testsuites>
      """
    let problems = try JUnitSchema.problems(old)
    #expect(problems.contains("skipped"), "\(problems)")
    #expect(problems.contains("file"), "\(problems)")
  }
}
