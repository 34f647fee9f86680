import ReferenceBridges
import Testing

@Suite("The classic build of the reference page bridge")
struct PageBridgeBuildClassicTests {
  @Test func theShippedBridgeHasAClassicBuildWithoutItsDialectCode() throws {
    let source = ReferenceScripts.pageBridge
    let markers = source.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
    #expect(markers.filter { $0 == "//@dialects-only" }.count >= 10)
    let build = try #require(PageBridgeBuild.classic(from: source))
    #expect(build.hasPrefix("// bridgecheck reference page bridge: the classic build"))
    #expect(
      build.split(separator: "\n", omittingEmptySubsequences: false).count
        == source.split(separator: "\n", omittingEmptySubsequences: false).count)
    #expect(build.utf8.count * 2 < source.utf8.count, "the build is \(build.utf8.count) bytes of \(source.utf8.count)")
    // The classic code stays; the dialect code and the comments go.
    #expect(build.contains("function fetchQueue()"))
    #expect(build.contains("function handleMessageFromNative(messageJSON)"))
    #expect(!build.contains("function toTyped("))
    #expect(!build.contains("function sendByHostCall("))
    #expect(!build.contains("dialects-only"))
    #expect(!build.contains("\n//"))
  }

  @Test func markedRegionsAndCommentLinesGoAndTheRestStays() throws {
    let source = """
      // a comment
      var a = 1; // kept with its trailing comment
        //@dialects-only
        var dialectOnly = 2;
        //@end

      if (a) {
        a = 3;
      } else
      //@dialects-only
      if (b) {
        b = 4;
      } else
      //@end
      {
        a = 5;
      }
      """
    let build = try #require(PageBridgeBuild.classic(from: source))
    // Blanked, not removed: every line keeps its number.
    let lines = build.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
    #expect(lines.first?.hasPrefix("// bridgecheck reference page bridge: the classic build") == true)
    #expect(
      Array(lines.dropFirst()) == [
        "var a = 1; // kept with its trailing comment", "", "", "", "", "if (a) {", "  a = 3;", "} else", "", "", "",
        "", "", "{", "  a = 5;", "}",
      ])
  }

  @Test(arguments: [
    "//@dialects-only\nvar a = 1;\n",  // never closed
    "var a = 1;\n//@end\n",  // closed, never opened
    "//@dialects-only\n//@dialects-only\n//@end\n//@end\n",  // nested
    "var a = `template\n// not a comment inside a template literal\n`;\n",
    "var a = 'continued \\\n// part of the string\n';\n",
  ])
  func aSourceItCannotBuildSafelyHasNoBuild(source: String) {
    #expect(PageBridgeBuild.classic(from: source) == nil)
  }

  /// Lines are cut at line feeds and compared as bytes: tabs and spaces
  /// before a comment or a marker, text after a marker, other characters.
  @Test(arguments: [
    (
      "// first\nvar a = 1;\n  //@dialects-only\n  var b = 2;\n  //@end\n\t// tabbed comment\nvar c = 3;",
      "\(header)\nvar a = 1;\n\n\n\n\nvar c = 3;"
    ),
    ("var a = 1;\n\n//@dialects-only\n//@end\n", "var a = 1;\n\n\n\n"),  // no leading comment: the first line stays
    ("\n\n// blank first lines\n", "\(header)\n\n\n"),
    ("  //@dialects-only  \nvar a = 1; //@end\n", "\(header)\nvar a = 1; //@end\n"),  // not markers: text after them
    ("var s = 'é😀\u{2028}';\n// é\nvar t = 1;", "var s = 'é😀\u{2028}';\n\nvar t = 1;"),
  ])
  func linesAreCutAtLineFeeds(source: String, build: String) {
    #expect(PageBridgeBuild.classic(from: source) == build)
  }

  /// A carriage return: the lines a JavaScript engine sees are not the ones
  /// cut at line feeds, so there is no build (the file is injected as it is).
  @Test func aSourceWithCarriageReturnsHasNoBuild() {
    #expect(PageBridgeBuild.classic(from: "// a\r\nvar a = 1;\r\n") == nil)
    #expect(PageBridgeBuild.classic(from: "var a = 1;\r//@dialects-only\nvar b = 2;\n//@end\n") == nil)
  }

  private static let header =
    "// bridgecheck reference page bridge: the classic build of page-bridge.js (lines as in the file)"
}
