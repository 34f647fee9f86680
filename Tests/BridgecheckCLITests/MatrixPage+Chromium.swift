import Foundation
import TestSupport
import Testing

/// `bridgecheck matrix` end to end: a vendor bridge with a known bug (an
/// expected failure) and a new one, the page checked in headless Chromium
/// (HTML validator, axe-core, layout at 390 px, screenshots), and the
/// published RESULTS.md left alone unless asked.
@Suite("Interop matrix page, end to end", .serialized)
struct MatrixPageTests {
  /// A scratch folder with implementations (the reference pair and a
  /// vendor page bridge that turns 0 into undefined, one of whose failures
  /// its expectations excuse) and a few fixtures.
  static func setUp(_ scratch: ScratchFolder) throws {
    let manifests = packageRoot.appendingPathComponent("conformance/implementations")
    for file in ["reference-page.json", "reference-native.json"] {
      try scratch.write(
        "implementations/\(file)", String(contentsOf: manifests.appendingPathComponent(file), encoding: .utf8))
    }
    let reference = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    let call = "handlers[handlerName](message.data, responseCallback);"
    try #require(reference.contains(call))
    try scratch.write(
      "vendor-bridge.js",
      reference.replacingOccurrences(
        of: call, with: "handlers[handlerName](message.data === 0 ? undefined : message.data, responseCallback);"))
    try scratch.write(
      "implementations/vendor-page.json",
      """
      {"name": "vendor bridge", "side": "page", "kind": "js", "version": "2.0", "path": "\(scratch.path("vendor-bridge.js"))",
       "expectedFailures": "\(scratch.path("vendor-expectations.json"))"}
      """)
    try scratch.write(
      "vendor-expectations.json",
      """
      {"format": "bridgecheck-expectations/1", "expectations": {"data/every-json-type-native-to-page": {
        "outcome": "fail", "checks": ["/expect/events/3", "/expect/events/15"], "reason": "vendor bug 7: 0 becomes undefined"}}}
      """)
    for fixture in [
      "data/every-json-type-native-to-page", "data/falsy-data-native-to-page", "callbacks/page-to-native-response",
      "escaping/astral-characters-both-directions",
    ] {
      let source = packageRoot.appendingPathComponent("Fixtures/\(fixture).json")
      guard FileManager.default.fileExists(atPath: source.path) else { continue }
      try scratch.write("fixtures/\(fixture).json", String(contentsOf: source, encoding: .utf8))
    }
  }

  @Test func thePageValidatesIsAccessibleAndWorksAt390Pixels() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try Self.setUp(scratch)
    let results = packageRoot.appendingPathComponent("conformance/RESULTS.md")
    let published = try Data(contentsOf: results)
    let outcome = try bridgecheck([
      "matrix", "--implementations", scratch.path("implementations"), "--fixtures", scratch.path("fixtures"),
      "--html", scratch.path("matrix.html"), "--jobs", "1",
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(try Data(contentsOf: results) == published, "RESULTS.md is rewritten only with --write-results")
    #expect(outcome.stderr.contains("rewritten only with --write-results"), "\(outcome.stderr)")
    // The vendor row: a must failure (falsy data), the excused one named.
    #expect(
      outcome.stdout.contains("| vendor bridge 2.0 × reference native (in process) 0.1.0 | ❌ fail at must"),
      "\(outcome.stdout)")
    #expect(outcome.stdout.contains("`data/every-json-type-native-to-page` (must, xfail): expected: vendor bug 7"))
    let html = try String(contentsOfFile: scratch.path("matrix.html"), encoding: .utf8)
    #expect(
      html.contains("<td class=\"verdict v-fail\">fail at must: 1 must failure, 1 expected failure</td>"), "\(html)")

    let screenshots = packageRoot.appendingPathComponent(".build/matrix-screenshots").path
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = [
      "python3", packageRoot.appendingPathComponent("scripts/check_matrix_page.py").path,
      scratch.path("matrix.html"), "--screenshots", screenshots,
    ]
    let output = Pipe()
    check.standardOutput = output
    check.standardError = output
    try check.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    check.waitUntilExit()
    if check.terminationStatus == 77 {
      try Test.cancel("the page was not checked in Chromium: \(text)")
    }
    #expect(check.terminationStatus == 0, "\(text)")
    #expect(text.contains("html (vnu): 0 errors"), "\(text)")
    #expect(text.contains("0 violations"), "\(text)")
    #expect(text.contains("page 390 px wide, verdict visible True, last column reachable True"), "\(text)")
    #expect(FileManager.default.fileExists(atPath: screenshots + "/matrix-390.png"))
  }

  @Test func writeResultsIsRefusedForOtherImplementations() throws {
    let outcome = try bridgecheck(["matrix", "--implementations", "/nonexistent", "--write-results"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--write-results publishes the matrix of bridgecheck's own"), "\(outcome.stderr)")
  }
}
