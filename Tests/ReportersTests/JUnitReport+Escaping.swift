import Foundation
import Reporters
import ScenarioRunner
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct JUnitReportEscaping {
  /// What a reader gets back for `text`: the characters XML 1.0 forbids
  /// replaced by `\u{XX}` markers, everything else unchanged. Written
  /// independently of the reporter on purpose.
  static func expectedAfterParsing(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let forbidden =
        value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D || value == 0xFFFE || value == 0xFFFF
      if forbidden {
        let hex = String(value, radix: 16, uppercase: true)
        result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A document with `text` as an attribute value and as element content.
  static func probe(_ text: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<probe value=\"\(XMLEscaping.attribute(text))\">\(XMLEscaping.text(text))</probe>\n"
  }

  @Test func everyBMPCharacterSurvivesOrIsMarked() throws {
    // All of U+0000–U+FFFF (surrogates cannot be in a Swift string), in chunks.
    let scalars = (0...0xFFFF).compactMap(Unicode.Scalar.init)
    for start in stride(from: 0, to: scalars.count, by: 4096) {
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[start..<min(start + 4096, scalars.count)])
      let original = String(text)
      let document = try XMLSupport.document(Self.probe(original))
      let root = try #require(document.rootElement())
      let expected = Self.expectedAfterParsing(original)
      #expect(XMLSupport.attribute(root, "value")?.unicodeScalars.elementsEqual(expected.unicodeScalars) == true)
      #expect(root.stringValue?.unicodeScalars.elementsEqual(expected.unicodeScalars) == true)
    }
  }

  @Test(arguments: [
    "", "plain", "\"quoted\" and 'single'", "<tag attr=\"x\">&amp;</tag>", "]]>", "<![CDATA[x]]>", "<!-- -->",
    "a\nb\r\nc\rd\te", "\u{0}\u{1}\u{8}\u{B}\u{C}\u{E}\u{1F}", "\u{7F}\u{80}\u{85}\u{9F}", "\u{2028}\u{2029}",
    "\u{FFFE}\u{FFFF}\u{FFFD}", "🎉👩‍💻\u{10FFFF}\u{1FFFE}", "e\u{301} ﬁ Å", "&#0; &#x1B; &lt;",
  ])
  func awkwardTextSurvives(text: String) throws {
    let document = try XMLSupport.document(Self.probe(text))
    let root = try #require(document.rootElement())
    let expected = Self.expectedAfterParsing(text)
    #expect(XMLSupport.attribute(root, "value")?.unicodeScalars.elementsEqual(expected.unicodeScalars) == true)
    #expect(root.stringValue?.unicodeScalars.elementsEqual(expected.unicodeScalars) == true)
  }

  @Test func escapesAsPromised() {
    #expect(XMLEscaping.attribute("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&apos;f")
    #expect(XMLEscaping.text("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&apos;f")
    #expect(XMLEscaping.attribute("1\n2\r3\t4") == "1&#10;2&#13;3&#9;4")
    #expect(XMLEscaping.text("1\n2\r3\t4") == "1\n2&#13;3\t4")
    #expect(XMLEscaping.text("ls\u{2028}ps\u{2029}") == "ls&#x2028;ps&#x2029;")
    #expect(XMLEscaping.text("nul\u{0}esc\u{1B}ffff\u{FFFF}") == "nul\\u{00}esc\\u{1B}ffff\\u{FFFF}")
    #expect(XMLEscaping.text("del\u{7F}nel\u{85}") == "del&#x7F;nel&#x85;")
    #expect(XMLEscaping.text("]]>") == "]]&gt;")
  }

  @Test func theStrictParserRejectsWhatTheEscaperAvoids() {
    // Guards the tests above: a lenient parser would prove nothing. (On
    // Linux, XMLDocument recovers from such errors, so XMLParser is the
    // strict check; XMLSupport.document runs both.)
    #expect(!XMLSupport.parsesWithXMLParser("<a>\u{0}</a>"))
    #expect(!XMLSupport.parsesWithXMLParser("<a>\u{1B}</a>"))
    #expect(!XMLSupport.parsesWithXMLParser("<a>&#0;</a>"))
    #expect(!XMLSupport.parsesWithXMLParser("<a b=\"<\"/>"))
  }

  @Test func theNastyMessageReachesTheReaderIntact() throws {
    let text = JUnitReport.render(SampleReport.report)
    let forbidden = text.unicodeScalars.filter { !XMLEscaping.isAllowed($0) }
    #expect(forbidden.isEmpty)
    #expect(!text.unicodeScalars.contains("\u{2028}"), "U+2028 is written as a character reference")
    #expect(text.contains("&#x2028;"))
    #expect(!text.unicodeScalars.contains("\r"), "CR is written as a character reference")

    let document = try XMLSupport.document(text)
    let failure = try #require(try XMLSupport.elements(document, "//testcase[@name='data/falsy-values']/failure").first)
    let firstLine = try #require(SampleReport.nastyMessage.split(separator: "\n").first).description
    let message = try #require(XMLSupport.attribute(failure, "message"))
    #expect(message.unicodeScalars.elementsEqual(Self.expectedAfterParsing(firstLine).unicodeScalars))
    #expect(message.contains("\\u{00}") && message.contains("\\u{1B}[31m") && message.contains("\u{2028}"))
    let body = try #require(failure.stringValue)
    #expect(body.unicodeScalars.starts(with: Self.expectedAfterParsing(SampleReport.nastyMessage).unicodeScalars))
    #expect(body.contains("CR\ralone"), "a CR in a message comes back as a CR")
  }

  @Test func namesAndPropertiesAreEscapedToo() throws {
    var report = SampleReport.report
    report.page = ImplementationInfo(name: "page\"<&>'\u{0}.js", version: "1\n2")
    var result = SampleReport.results[1]
    result.scenario.area = "odd \"area\" <&>"
    result.scenario.id = "odd/\u{1}id'\u{2028}"
    report.results = [result]
    let document = try XMLSupport.document(JUnitReport.render(report))
    let suite = try #require(try XMLSupport.elements(document, "//testsuite").first)
    #expect(XMLSupport.attribute(suite, "name") == "odd \"area\" <&>")
    let testcase = try #require(try XMLSupport.elements(document, "//testcase").first)
    #expect(XMLSupport.attribute(testcase, "classname") == "bridgecheck.odd \"area\" <&>")
    #expect(XMLSupport.attribute(testcase, "name") == "odd/\\u{01}id'\u{2028}")
    let page = try #require(try XMLSupport.elements(document, "//property[@name='bridgecheck.page']").first)
    #expect(XMLSupport.attribute(page, "value") == "page\"<&>'\\u{00}.js 1\n2")
  }
}
