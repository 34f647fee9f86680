import Foundation
import JSONModel
import TestSupport
import Testing

/// A broken bridge that mangles the suite's megabyte payloads (every
/// payload over 64 KB cut) once wrote a 13 MB JSON and an 8 MB JUnit
/// report: payloads are now cut with their length and digest.
@Suite("report size, end to end")
struct ReportSizeEndToEnd {
  @Test func reportsOfABrokenBridgeStayUnderOneMegabyte() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let mutant = try JSONValue.parse(
      String(
        contentsOf: packageRoot.appendingPathComponent("conformance/mutants/page/page-data-size-limit.json"),
        encoding: .utf8))
    var source = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    for patch in mutant["patch"]?.arrayValue ?? [] {
      let find = patch["find"]?.stringValue ?? ""
      #expect(source.contains(find))
      source = source.replacingOccurrences(of: find, with: patch["replace"]?.stringValue ?? "")
    }
    try scratch.write("bridge.js", source)
    let outcome = try bridgecheck(
      [
        "run", "--js", scratch.path("bridge.js"), "--json", scratch.path("r.json"), "--junit", scratch.path("r.xml"),
        "--markdown", scratch.path("r.md"),
      ], timeLimit: 300)
    #expect(outcome.status == 1)
    for name in ["r.json", "r.xml", "r.md"] {
      let size = try FileManager.default.attributesOfItem(atPath: scratch.path(name))[.size] as? Int ?? 0
      #expect(size > 0 && size < 1_000_000, "\(name) is \(size) bytes")
    }
    // The JUnit file of a real run is valid under junit-10.xsd (xmllint, from libxml2-utils).
    let xmllint = try #require(
      ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "xmllint is not installed: apt-get install libxml2-utils (scripts/test.sh does it)")
    let validation = Process()
    validation.executableURL = URL(fileURLWithPath: xmllint)
    validation.arguments = [
      "--noout", "--schema", packageRoot.appendingPathComponent("Tests/ReportersTests/Schemas/junit-10-facts.xsd").path,
      scratch.path("r.xml"),
    ]
    validation.standardOutput = FileHandle.nullDevice
    validation.standardError = FileHandle.nullDevice
    try validation.run()
    validation.waitUntilExit()
    #expect(validation.terminationStatus == 0, "xmllint --schema junit-10-facts.xsd rejects the JUnit report")
    let json = try String(contentsOfFile: scratch.path("r.json"), encoding: .utf8)
    #expect(json.contains("characters, sha256 "), "a cut payload says its length and digest")
  }
}
