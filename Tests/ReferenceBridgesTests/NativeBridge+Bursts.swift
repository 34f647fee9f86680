import JSONModel
import Testing

@testable import ReferenceBridges

@Suite("Native bridge: bursts of 1,000 messages", .checksEvaluatedScripts)
struct NativeBridgeBurstTests {
  static let count = 1_000

  @Test(arguments: BridgeSetup.all)
  func pageToNativeBurstInOneTask(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    var received: [Int] = []
    page.bridge.registerHandler("collect") { data, respond in
      received.append(Int(data?.numberValue ?? -1))
      respond?(data)
    }
    page.run(
      """
      for (var i = 0; i < \(Self.count); i++) {
        if (i % 2 === 0) {
          bridge.callHandler('collect', i, function (answer) { record('answer', answer); });
        } else {
          bridge.callHandler('collect', i);
        }
      }
      """)
    #expect(received == Array(0..<Self.count))
    let answers = page.recorded("answer").map { Int($0?.numberValue ?? -1) }
    #expect(answers == Array(stride(from: 0, to: Self.count, by: 2)))
    #expect(page.problemCodes.isEmpty)
    if setup.transport == .iframe {
      // One task of sends gives one coalesced signal, hence one batch.
      #expect(page.logs(.fetched).first?.message.hasPrefix("\(Self.count) ") == true)
    }
  }

  @Test(arguments: BridgeSetup.all)
  func pageToNativeBurstOverChainedTimers(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    var received: [Int] = []
    page.bridge.registerHandler("collect") { data, _ in received.append(Int(data?.numberValue ?? -1)) }
    page.run(
      """
      (function next(i) {
        if (i === \(Self.count)) return;
        bridge.callHandler('collect', i);
        if (i % 3 === 0) bridge.callHandler('collect', i + 0.5);
        setTimeout(function () { next(i + 1); }, 0);
      })(0);
      """)
    var expected: [Int] = []
    for i in 0..<Self.count {
      expected.append(i)
      if i % 3 == 0 { expected.append(i) }  // i + 0.5 truncated
    }
    #expect(received == expected)
    #expect(page.problemCodes.isEmpty)
  }

  @Test(arguments: BridgeSetup.all)
  func nativeToPageBurstInOneTask(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    var answers: [Int] = []
    for i in 0..<Self.count {
      if i % 2 == 0 {
        page.bridge.callHandler("echo", data: .number(Double(i))) { answers.append(Int($0?.numberValue ?? -1)) }
      } else {
        page.bridge.callHandler("echo", data: .number(Double(i)))
      }
    }
    page.settle()
    #expect(page.recorded("echo").map { Int($0?.numberValue ?? -1) } == Array(0..<Self.count))
    #expect(answers == Array(stride(from: 0, to: Self.count, by: 2)))
    #expect(page.bridge.pendingCallbackCount == 0)
    #expect(page.problemCodes.isEmpty)
  }

  @Test func nativeToPageBurstWithSynchronousDispatch() {
    let page = BridgePage().load()
    page.bridge.disableJavascriptAlertBoxSafetyTimeout()
    var answers: [Int] = []
    for i in 0..<Self.count {
      page.bridge.callHandler("echo", data: .number(Double(i))) { answers.append(Int($0?.numberValue ?? -1)) }
    }
    page.settle()
    #expect(page.recorded("echo").map { Int($0?.numberValue ?? -1) } == Array(0..<Self.count))
    #expect(answers == Array(0..<Self.count))
  }

  @Test func startupBurstKeepsOrder() {
    let page = BridgePage()
    for i in 0..<Self.count {
      page.bridge.callHandler("echo", data: .number(Double(i)))
    }
    page.load()
    #expect(page.recorded("echo").map { Int($0?.numberValue ?? -1) } == Array(0..<Self.count))
  }

  @Test func burstsBothWaysAtOnce() {
    let page = BridgePage().load()
    var received: [Int] = []
    page.bridge.registerHandler("collect") { data, respond in
      received.append(Int(data?.numberValue ?? -1))
      respond?(data)
    }
    page.webView.evaluateJavaScript(
      """
      for (var i = 0; i < \(Self.count); i++) {
        bridge.callHandler('collect', i, function (answer) { record('answer', answer); });
      }
      """)
    var nativeAnswers: [Int] = []
    for i in 0..<Self.count {
      page.bridge.callHandler("echo", data: .number(Double(i))) { nativeAnswers.append(Int($0?.numberValue ?? -1)) }
    }
    page.settle()
    #expect(received == Array(0..<Self.count))
    #expect(page.recorded("answer").map { Int($0?.numberValue ?? -1) } == Array(0..<Self.count))
    #expect(page.recorded("echo").map { Int($0?.numberValue ?? -1) } == Array(0..<Self.count))
    #expect(nativeAnswers == Array(0..<Self.count))
  }
}
