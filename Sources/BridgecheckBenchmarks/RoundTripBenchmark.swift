import JSONModel
import JSRuntime
import PageSimulation
import ReferenceBridges
import WebViewHosting

/// Round trips through the two reference bridges (native Swift bridge and
/// page bridge) in a simulated page: throughput for a small payload in both
/// directions, and the wall time of one call carrying a 1 MB and a 10 MB
/// string, next to `JSON.stringify` + `JSON.parse` of the same message in the
/// same engine (the floor any string-based bridge pays).
enum RoundTripBenchmark {
  static func run() throws {
    smallPayloads()
    for megabytes in [1, 10] {
      largePayload(bytes: megabytes * 1024 * 1024, label: "\(megabytes) MB")
    }
  }

  // MARK: - Set-up

  /// Page handlers used by the benchmark.
  static let pageScript = """
    setupWebViewJavascriptBridge(function (bridge) {
      window.bridge = bridge;
      bridge.registerHandler('echo', function (data, respond) { respond(data); });
      bridge.registerHandler('ack', function (data, respond) {
        respond(typeof data === 'string' ? data.length : -1);
      });
      // Calls the native handler `name` n times in a chain (each call made
      // from the previous answer), then calls the host function done().
      bridge.registerHandler('chain', function (request) {
        var remaining = request.count;
        (function next() {
          if (remaining-- === 0) { done(); return; }
          bridge.callHandler(request.name, request.data, function () { next(); });
        })();
      });
    });
    """

  struct Page {
    let webView: SimulatedWebView
    let bridge: NativeBridge
    let finished: Flag
  }

  final class Flag {
    var value = false
  }

  static func makePage() -> Page {
    // One page serves thousands of round trips, about 13 trace events each:
    // far more than the 20,000 a scenario's page may record.
    var configuration = PageConfiguration(scriptTimeLimit: .seconds(60))
    configuration.limits.maxTraceEvents = 1_000_000
    let webView = SimulatedWebView(configuration: configuration)
    let finished = Flag()
    webView.addHostFunction(named: "done") { _ in
      finished.value = true
      return nil
    }
    let bridge = NativeBridge(webView: webView)
    bridge.minimumLogLevel = .warning
    bridge.registerHandler("nativeEcho") { data, respond in respond?(data) }
    bridge.registerHandler("nativeAck") { data, respond in
      respond?(.number(Double(data?.stringValue.map { $0.utf16.count } ?? -1)))
    }
    webView.load(
      PageSource(
        url: "https://bench.bridgecheck.test/",
        scripts: [
          PageScript(name: "setup-snippet.js", source: ReferenceScripts.setupSnippet),
          PageScript(name: "bench.js", source: pageScript),
        ]))
    webView.runUntilIdle()
    return Page(webView: webView, bridge: bridge, finished: finished)
  }

  static let clock = ContinuousClock()

  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  static func format(_ value: Double, digits: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return String((value * scale).rounded() / scale)
  }

  // MARK: - Small payload

  static let smallPayload: JSONValue = ["id": 42, "name": "small", "flags": [true, false], "ratio": 0.5]

  static func smallPayloads() {
    let trips = 2_000
    // Native -> page handler -> response back to native, one at a time.
    do {
      let page = makePage()
      for _ in 0..<100 { oneNativeRoundTrip(page) }  // warm-up
      let tasksBefore = page.webView.scheduler.tasksRun
      let samples = Samples.collect(trips) { oneNativeRoundTrip(page) }
      let tasks = Double(page.webView.scheduler.tasksRun - tasksBefore) / Double(trips)
      let perSecond = 1000 / max(samples.mean, 1e-9)
      print(
        "  small payload, native → page → native: \(Int(perSecond.rounded())) round trips/s; per trip \(samples.summary); \(format(tasks, digits: 1)) tasks each"
      )
      page.webView.close()
    }
    // Page -> native handler -> response back to the page, chained in the page.
    do {
      let page = makePage()
      runChain(page, count: 100)  // warm-up
      let tasksBefore = page.webView.scheduler.tasksRun
      let start = clock.now
      runChain(page, count: trips)
      let elapsed = milliseconds(clock.now - start)
      let tasks = Double(page.webView.scheduler.tasksRun - tasksBefore) / Double(trips)
      print(
        "  small payload, page → native → page: \(Int((Double(trips) / elapsed * 1000).rounded())) round trips/s; mean \(format(elapsed / Double(trips), digits: 3)) ms per trip (n = \(trips)); \(format(tasks, digits: 1)) tasks each"
      )
      page.webView.close()
    }
  }

  static func oneNativeRoundTrip(_ page: Page) {
    var answered = false
    page.bridge.callHandler("echo", data: smallPayload) { _ in answered = true }
    page.webView.runUntilIdle()
    precondition(answered, "round trip lost")
  }

  static func runChain(_ page: Page, count: Int) {
    page.finished.value = false
    page.bridge.callHandler(
      "chain", data: ["name": "nativeEcho", "count": .number(Double(count)), "data": smallPayload])
    page.webView.runUntilIdle()
    precondition(page.finished.value, "chain did not finish")
  }

  // MARK: - Large payloads

  /// 64 bytes of UTF-8 with characters that need escaping in JSON and in the
  /// JavaScript literal (quote, backslash, line feed, U+2028) and non-ASCII.
  static let pattern = "lorem \"ipsum\" \\ dolor\n sit amet é ü 😀 \u{2028} consectetur adip"

  static func payload(bytes: Int) -> String {
    let unit = pattern.utf8.count
    let repeated = String(repeating: pattern, count: bytes / unit + 1)
    // Cut at a scalar boundary at or below `bytes`.
    var end = repeated.utf8.index(repeated.utf8.startIndex, offsetBy: bytes)
    while !repeated.unicodeScalars.indices.contains(end) && end > repeated.startIndex {
      end = repeated.utf8.index(before: end)
    }
    return String(repeated[..<end])
  }

  static func largePayload(bytes: Int, label: String) {
    let text = payload(bytes: bytes)
    let value = JSONValue.string(text)
    let runs = 5

    // The floor: JSON.stringify + JSON.parse of the same message in the same engine.
    let context = ScriptContext(configuration: .init(timeLimit: nil))
    let floor: Samples
    do {
      let script = "window_payload = '\(javaScriptStringLiteralBody(text))'; 0;"
      _ = try? context.evaluate(script)
      floor = Samples.collect(runs) {
        _ = try? context.evaluate(
          "JSON.parse(JSON.stringify({handlerName: 'ack', data: window_payload, callbackId: 'objc_cb_1'})).data.length")
      }
      context.close()
    }

    // Native-side work alone: encode (serialize + escape) and decode (parse).
    let message: JSONObject = ["handlerName": "ack", "data": value, "callbackId": "objc_cb_1"]
    let serialize = Samples.collect(runs) { _ = JSONValue.object(message).serializedUTF8() }
    let json = JSONValue.object(message).serializedUTF8()
    let escape = Samples.collect(runs) { _ = BridgeMessageCodec.deliveryScript(forJSON: json) }
    let fetched = JSONValue.array([.object(["handlerName": "nativeAck", "data": value])]).serialized()
    let decode = Samples.collect(runs) { _ = try? JSONValue.parse(fetched) }

    // Native -> page: the payload as request data, a number as the answer.
    let page = makePage()
    let toPage = Samples.collect(runs) {
      var answer: JSONValue?
      page.bridge.callHandler("ack", data: value) { answer = $0 }
      page.webView.runUntilIdle()
      precondition(answer?.numberValue == Double(text.utf16.count), "wrong answer \(String(describing: answer))")
    }
    // Native -> page -> native: the payload both ways.
    let echo = Samples.collect(runs) {
      var answer: JSONValue?
      page.bridge.callHandler("echo", data: value) { answer = $0 }
      page.webView.runUntilIdle()
      precondition(answer?.stringValue?.utf8.count == text.utf8.count, "echo lost")
    }
    // Page -> native: the page sends the payload, native answers a number.
    page.webView.evaluateJavaScript("window.payload = '\(javaScriptStringLiteralBody(text))'; 0;")
    page.webView.runUntilIdle()
    let fromPage = Samples.collect(runs) {
      page.finished.value = false
      page.webView.evaluateJavaScript(
        "bridge.callHandler('nativeAck', window.payload, function (n) { if (n === window.payload.length) done(); });")
      page.webView.runUntilIdle()
      precondition(page.finished.value, "page call lost")
    }
    page.webView.close()

    let megabytes = format(Double(text.utf8.count) / 1_048_576, digits: 2)
    print("  \(label) string (\(megabytes) MiB UTF-8, \(text.utf16.count) UTF-16 units), median of \(runs):")
    print("    floor, JSON.stringify + JSON.parse in the engine: \(format(floor.quantile(0.5))) ms")
    print("    native → page call (payload in, number back):      \(format(toPage.quantile(0.5))) ms")
    print("    page → native call (payload in, number back):      \(format(fromPage.quantile(0.5))) ms")
    print("    native → page → native echo (payload both ways):  \(format(echo.quantile(0.5))) ms")
    print("    of which native JSON serialization (JSONModel):   \(format(serialize.quantile(0.5))) ms")
    print("    of which native escaping into the script:         \(format(escape.quantile(0.5))) ms")
    print("    of which native decode (parse fetched batch):     \(format(decode.quantile(0.5))) ms")
  }
}

extension Samples {
  /// The mean, in milliseconds.
  var mean: Double {
    nanoseconds.isEmpty ? 0 : Double(nanoseconds.reduce(0, +)) / Double(nanoseconds.count) / 1e6
  }
}
