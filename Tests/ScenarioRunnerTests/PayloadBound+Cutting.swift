import Digest
import JSONModel
import Testing
import WebViewHosting

@testable import ScenarioRunner

@Suite("payloads cut to a bounded size")
struct PayloadBoundCutting {
  @Test func sha256MatchesTheStandardVectors() {
    #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    #expect(SHA256.hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func aLongStringKeepsItsStartItsLengthAndADigest() {
    let payload = String(repeating: "x", count: 1_048_576)
    let cut = PayloadBound.string(payload)
    #expect(cut.hasPrefix(String(repeating: "x", count: 200) + "… (1048576 characters, sha256 "))
    #expect(cut.count < 300)
    #expect(PayloadBound.string("short") == "short")
    #expect(PayloadBound.string(payload) == cut, "deterministic")
    #expect(PayloadBound.string(payload + "y") != cut, "the digest tells payloads apart")
  }

  @Test func aResultKeepsNoPayloadLongerThanTheBound() {
    let payload = JSONValue.string(String(repeating: "é", count: 500_000))
    let event = TraceEvent(
      sequence: 3, time: VirtualTime(milliseconds: 0), source: .page, name: "x", fields: ["data": payload])
    let result = ScenarioResult(
      scenario: ScenarioIdentity(
        id: "a/b", title: "t", area: "a", level: .must, subject: .pair, spec: "s", file: "a/b.json"),
      status: .fail, message: "first line\n  closest: " + payload.description,
      detail: FailureDetail(expectation: payload.description, pointer: nil, closest: event, focus: 3),
      duration: .zero, trace: [event], traceEventCount: 1
    ).bounded()
    #expect(result.wireValue.serialized().utf8.count < 10_000)
    #expect(result.message?.hasPrefix("first line\n") == true)
    #expect(result.failedChecks == ["fail/unknown"])
  }

  @Test func aMessageIsCutLineByLine() {
    let long = String(repeating: "ab", count: 1_500)
    let text = "short\n" + long + "\r\n\nlast é"
    let lines = PayloadBound.text(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0] == "short")
    #expect(lines[1].hasPrefix(String(long.prefix(200)) + "… (3001 characters, sha256 "), "the \\r stays with its line")
    #expect(lines[2] == "")
    #expect(lines[3] == "last é")
    let unchanged = "a\n" + String(repeating: "é", count: 1_999) + "\n"
    #expect(PayloadBound.text(unchanged) == unchanged, "lines within the limit are kept whole")
  }
}
