import JSONModel
import Testing

@testable import ScenarioRunner

/// The values page steps read by reference: each call of the host function
/// gets the text it was given, and anything else a page might pass gets
/// `undefined`.
@Suite("Page text channel")
struct PageTextChannelTests {
  @Test func eachExpressionReadsItsOwnText() {
    let channel = PageTextChannel()
    #expect(channel.string("first") == "__bridgecheckText(0)")
    #expect(channel.value(["__proto__": 1]) == "__bridgecheck.json(__bridgecheckText(1))")
    #expect(channel.text(for: [.number(0)]) == .string("first"))
    #expect(channel.text(for: [.number(1)]) == .string(#"{"__proto__":1}"#))
  }

  @Test func otherArgumentsGetUndefined() {
    let channel = PageTextChannel()
    _ = channel.string("only")
    for arguments: [JSONValue?] in [[], [nil], [.number(1)], [.number(-1)], [.number(0.5)], [.string("0")]] {
      #expect(channel.text(for: arguments) == nil, "\(arguments)")
    }
  }
}
