import Foundation
import TestSupport
import Testing

@testable import ScenarioRunner

/// The rule anchors of the protocol document are read with a byte scan; it
/// must find what the pattern `<a id="([^"]+)"></a>` finds.
@Suite("Protocol document anchors")
struct FixtureLoaderAnchorsTests {
  static func byPattern(_ text: String) -> Set<String> {
    Set(text.matches(of: /<a id="([^"]+)"><\/a>/).map { String($0.output.1) })
  }

  @Test func theProtocolDocumentGivesTheSameAnchorsAsThePattern() throws {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
    let anchors = FixtureLoader.anchors(in: text)
    #expect(anchors.count > 20)
    #expect(anchors == Self.byPattern(text))
  }

  @Test(arguments: [
    #"<a id="one"></a> and <a id="two"></a>"#, #"<a id=""></a>"#, #"<a id="x<a id="y"></a>"#,
    #"<a id="unclosed"> <a id="ok"></a>"#, #"<a id="é-ü"></a><a id="tail""#, #"<a id="a"></a"#, "",
    #"<a id="a"></a><a id="a"></a>"#,
  ])
  func edgeCasesMatchThePattern(text: String) {
    #expect(FixtureLoader.anchors(in: text) == Self.byPattern(text))
  }
}
