import JSONModel
import JSRuntime
import PageSimulation
import Testing
import WebViewHosting

@testable import ReferenceBridges

@Suite("Script escaping: exact output and round trips", .checksEvaluatedScripts)
struct ScriptEscapingTests {
  static let exactCases: [(String, String)] = [
    ("plain text", "plain text"),
    ("\\", "\\\\"),
    ("'", "\\'"),
    ("\"", "\\\""),
    ("\n", "\\n"),
    ("\r", "\\r"),
    ("\u{0C}", "\\f"),
    ("\t", "\\u0009"),
    ("\u{08}", "\\u0008"),
    ("\u{0B}", "\\u000b"),
    ("\u{0}", "\\u0000"),
    ("\u{1F}", "\\u001f"),
    ("\u{7F}", "\\u007f"),
    ("\u{80}", "\\u0080"),
    ("\u{85}", "\\u0085"),
    ("\u{9F}", "\\u009f"),
    ("\u{A0}", "\u{A0}"),
    ("\u{2027}", "\u{2027}"),
    ("\u{2028}", "\\u2028"),
    ("\u{2029}", "\\u2029"),
    ("\u{202A}", "\u{202A}"),
    ("é😀漢", "é😀漢"),
    ("\u{0}1", "\\u00001"),
    ("a\\nb", "a\\\\nb"),
    (#"{"k":"v\n"}"#, #"{\"k\":\"v\\n\"}"#),
  ]

  @Test(arguments: exactCases)
  func escapesExactly(input: String, expected: String) {
    #expect(javaScriptStringLiteralBody(input).isIdentical(to: expected))
  }

  @Test func escapedOutputHoldsNoRawLineTerminatorOrControl() {
    // Every scalar up to U+FFFF (surrogates excluded) and a sample above.
    var scalars = String.UnicodeScalarView()
    for value in UInt32(0)...0xFFFF where !(0xD800...0xDFFF).contains(value) {
      scalars.append(Unicode.Scalar(value)!)
    }
    for value in stride(from: UInt32(0x1_0000), through: 0x10_FFFF, by: 0x1001) {
      scalars.append(Unicode.Scalar(value)!)
    }
    let input = String(scalars)
    let body = javaScriptStringLiteralBody(input)
    let forbidden = body.unicodeScalars.filter { scalar in
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
    #expect(forbidden.isEmpty)
    // And the independent ECMAScript decoder gives the input back.
    let decoded = ScriptTextCheck.decodeSingleQuotedBody(body.utf16)
    #expect((try? decoded.get())?.isIdentical(to: input) == true)
    // And so does the engine.
    let context = ScriptContext()
    #expect((try? context.evaluate("'\(body)'").stringValue)?.isIdentical(to: input) == true)
  }

  @Test func trickyStringsRoundTripThroughTheEngine() throws {
    let context = ScriptContext()
    for text in trickyStrings {
      let body = javaScriptStringLiteralBody(text)
      let value = try context.evaluate("'\(body)'").stringValue
      #expect(value?.isIdentical(to: text) == true, "literal of \(text.debugDescription)")
      // As a message would travel: JSON text in the literal, parsed by the page.
      let json = JSONValue.object(["handlerName": .string(text), "data": .string(text)]).serialized()
      let parsed = try context.evaluate("JSON.stringify(JSON.parse('\(javaScriptStringLiteralBody(json))'))")
        .stringValue
      #expect(parsed?.isIdentical(to: json) == true, "JSON of \(text.debugDescription)")
    }
  }

  @Test func randomStringsRoundTripThroughTheEngine() throws {
    var random = TestRandom(seed: 2028)
    let context = ScriptContext()
    for _ in 0..<500 {
      let text = random.trickyString(length: random.below(40))
      let body = javaScriptStringLiteralBody(text)
      #expect(!body.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x2028 || $0.value == 0x2029 })
      let value = try context.evaluate("'\(body)'").stringValue
      #expect(value?.isIdentical(to: text) == true, "\(text.debugDescription)")
    }
  }

  @Test func deliveryScriptIsTheCallWithOneEscapedLiteral() {
    let script = BridgeMessageCodec.deliveryScript(for: ["handlerName": "a'b", "data": "\u{2028}\n"])
    #expect(
      script.isIdentical(
        to: #"WebViewJavascriptBridge._handleMessageFromObjC('{\"handlerName\":\"a\'b\",\"data\":\"\u2028\\n\"}');"#))
    #expect(ScriptTextCheck.deliveryProblem(script) == nil)
  }

  /// Page handler and callback record `JSON.stringify` of what they got, so
  /// the page's view is compared as JSON text, exactly.
  static let textEchoPage =
    standardPageScript + """

      setupWebViewJavascriptBridge(function (bridge) {
        bridge.registerHandler('echoText', function (data, respond) {
          record('echoText', JSON.stringify(data));
          respond(data);
        });
      });
      """

  @Test(arguments: BridgeSetup.all)
  func trickyStringsCrossTheBridgeBothWaysUnchanged(setup: BridgeSetup) {
    let page = BridgePage(setup).load(Self.textEchoPage)
    var nativeReceived: [JSONValue?] = []
    page.bridge.registerHandler("nativeEcho") { data, respond in
      nativeReceived.append(data)
      respond?(data)
    }
    var nativeAnswers: [JSONValue?] = []
    let values = trickyStrings.map { text -> JSONValue in ["key:" + text: .string(text), "list": [.string(text)]] }
    for value in values {
      page.bridge.callHandler("echoText", data: value) { nativeAnswers.append($0) }
      let literal = BridgePage.literal(value.serialized())
      page.webView.evaluateJavaScript(
        "bridge.callHandler('nativeEcho', JSON.parse(\(literal)), function (a) { record('answer', JSON.stringify(a)); });"
      )
    }
    page.settle()
    let pageSaw = page.recorded("echoText").compactMap { $0?.stringValue }
    let pageGotBack = page.recorded("answer").compactMap { $0?.stringValue }
    #expect(pageSaw.count == values.count)
    #expect(pageGotBack.count == values.count)
    #expect(nativeReceived.count == values.count)
    #expect(nativeAnswers.count == values.count)
    guard pageSaw.count == values.count, pageGotBack.count == values.count, nativeReceived.count == values.count,
      nativeAnswers.count == values.count
    else { return }
    for (index, value) in values.enumerated() {
      let json = value.serialized()
      #expect(pageSaw[index].isIdentical(to: json), "native→page \(index)")
      #expect(nativeAnswers[index]?.isIdentical(to: value) == true, "native→page→native \(index)")
      #expect(nativeReceived[index]?.isIdentical(to: value) == true, "page→native \(index)")
      #expect(pageGotBack[index].isIdentical(to: json), "page→native→page \(index)")
    }
  }

  @Test func emptyObjectKeyCrossesTheBridge() {
    let page = BridgePage().load(Self.textEchoPage)
    var answer: JSONValue??
    page.bridge.callHandler("echoText", data: ["": "empty key"]) { answer = .some($0) }
    page.settle()
    #expect(page.recorded("echoText") == [#"{"":"empty key"}"#])
    #expect(answer == .some(["": "empty key"]))
  }

  @Test func hostFunctionChannelKeepsEmptyKeys() {
    // JSRuntime's JS→JSON conversion (used by host functions and evaluate
    // results) once lost a "" key; this guards the fix.
    let page = BridgePage().load()
    page.run("record('x', {'': 1});")
    #expect(page.recorded("x") == [["": 1]])
  }

  @Test func loneSurrogatesFromThePageBecomeReplacementCharacters() {
    let page = BridgePage().load()
    var received: [JSONValue?] = []
    page.bridge.registerHandler("nativeEcho") { data, respond in
      received.append(data)
      respond?(data)
    }
    page.run(
      """
      bridge.callHandler('nativeEcho', {lone: '\\ud800x\\udc00', pair: '\\ud83d\\ude00'}, function (a) {
        record('answer', a);
        record('codes', [a.lone.charCodeAt(0), a.lone.charCodeAt(2)]);
      });
      """)
    #expect(received == [["lone": "\u{FFFD}x\u{FFFD}", "pair": "😀"]])
    #expect(page.recorded("codes") == [[0xFFFD, 0xFFFD]], "sent back as U+FFFD, never as a lone surrogate")
    let response = page.deliveryScripts.last ?? ""
    #expect(!response.lowercased().contains("ud800"), "no surrogate escape of any kind")
    #expect(!response.lowercased().contains("udc00"))
    #expect(response.contains("\u{FFFD}x\u{FFFD}"), "U+FFFD travels raw (it is an ordinary character)")
  }

  @Test func theCheckerCatchesRawLineSeparatorsAndBadDeliveries() {
    // Not registered with the per-test check: this web view is bad on purpose.
    let webView = SimulatedWebView()
    webView.addUserScript(PageScript(name: "clean.js", source: "var ok = '\\u2028';"), injectionTime: .atDocumentStart)
    webView.addUserScript(
      PageScript(name: "raw.js", source: "var s = 'a\u{2028}b\u{2029}';"), injectionTime: .atDocumentStart)
    webView.load(PageSource(url: "https://app.test/", scripts: []))
    webView.evaluateJavaScript("var s = 'raw\u{2028}separator';")
    webView.evaluateJavaScript(ScriptTextCheck.deliveryPrefix + "{\"a\":\"\u{1}\"}" + ScriptTextCheck.deliverySuffix)
    webView.evaluateJavaScript(ScriptTextCheck.deliveryPrefix + "{}'+'" + ScriptTextCheck.deliverySuffix)
    webView.evaluateJavaScript(ScriptTextCheck.deliveryPrefix + "[1]" + ScriptTextCheck.deliverySuffix)
    webView.runUntilIdle()
    let problems = ScriptTextCheck.problems(in: webView.trace)
    #expect(problems.count == 5, "\(problems)")
    #expect(problems.first?.contains("user script") == true && problems.first?.contains("raw.js (2") != true)
    #expect(problems.first?.contains("(raw.js) contains 2 raw") == true)
    #expect(problems.dropFirst().first?.contains("raw U+2028") == true)
    #expect(
      ScriptTextCheck.deliveryProblem(ScriptTextCheck.deliveryPrefix + "{}" + ScriptTextCheck.deliverySuffix) == nil)
  }
}
