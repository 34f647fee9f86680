import AdapterHosting
import BridgeImplementations
import BridgecheckAdapter
import Dialects
import Foundation
import JSONModel
import PageSimulation
import ProcessSupport
import ReferenceAdapter
import ReferenceImplementations
import TestSupport
import Testing

/// The pieces of the adapter protocol: command-line splitting, the adapter
/// server (in process), the hello event, and `bridgecheck doctor`.
@Suite("Adapter protocol")
struct AdapterProtocolTests {
  // MARK: - Command lines

  @Test(arguments: [
    ("python3 adapter.py", ["python3", "adapter.py"]),
    ("  python3   'my adapter.py'  --flag ", ["python3", "my adapter.py", "--flag"]),
    (#"run "a \"b\" c" d\ e"#, ["run", #"a "b" c"#, "d e"]),
    (#"x 'it'\''s' "" ''"#, ["x", "it's", "", ""]),
    (#"a"b"'c'd"#, ["abcd"]),
    (#"say "\n stays""#, ["say", #"\n stays"#]),
  ])
  func splitsLikeAShell(_ text: String, _ words: [String]) throws {
    #expect(try ShellWords.split(text) == words)
  }

  @Test func rejectsUnterminatedQuotes() {
    #expect(throws: ShellWords.Problem.self) { try ShellWords.split("python3 'adapter.py") }
    #expect(throws: ShellWords.Problem.self) { try ShellWords.split(#"python3 "adapter.py"#) }
    #expect(throws: ShellWords.Problem.self) { try ShellWords.split(#"python3 \"#) }
  }

  @Test func quotesForMessages() throws {
    #expect(ShellWords.quote("adapter.py") == "adapter.py")
    #expect(ShellWords.quote("my adapter.py") == "'my adapter.py'")
    #expect(ShellWords.quote("it's") == #"'it'\''s'"#)
    let words = try ShellWords.split(ShellWords.quote("a 'b' \"c\""))
    #expect(words == ["a 'b' \"c\""])
  }

  // MARK: - The server, in process

  private func answer(_ server: AdapterServer, _ line: String) throws -> [JSONObject] {
    let output = server.handle(line: ArraySlice(Array(line.utf8)))
    return try String(decoding: output, as: UTF8.self).split(separator: "\n").map { text in
      try #require(try JSONValue.parse(String(text)).objectValue)
    }
  }

  @Test func serverAnswersEveryCommandWithDone() throws {
    let server = ReferenceAdapterBridge.server()
    let hello = try answer(server, #"{"type":"hello","seq":1,"protocol":1}"#)
    #expect(hello.map { $0["type"]?.stringValue } == ["hello", "done"])
    #expect(hello[0]["protocol"] == 1)
    #expect(hello[1]["seq"] == 1)
    let info = try AdapterInfo(hello: hello[0])
    #expect(info.name == "reference")

    let early = try answer(server, #"{"type":"callHandler","seq":2,"name":"x"}"#)
    #expect(early.map { $0["type"]?.stringValue } == ["error", "done"])
    #expect(early[0]["message"]?.stringValue?.contains("before start") == true)

    let unknown = try answer(server, #"{"type":"teleport","seq":3}"#)
    #expect(unknown.map { $0["type"]?.stringValue } == ["error", "done"])

    let broken = try answer(server, #"{"type":"hello","seq":4"#)
    #expect(broken.map { $0["type"]?.stringValue } == ["error"])
  }

  @Test func serverDrivesTheReferenceBridge() throws {
    let server = ReferenceAdapterBridge.server()
    let configuration = AdapterProtocol.configurationJSON(
      SessionConfiguration(
        transport: .messageHandlers, injection: .documentStart, options: BridgeOptions(), profile: .classic))
    let start = try answer(
      server,
      JSONValue.object(["type": "start", "seq": 1, "configuration": configuration, "pageScript": "/* page */"])
        .serialized())
    let types = start.map { $0["type"]?.stringValue ?? "" }
    #expect(types == ["addScriptMessageHandler", "addUserScript", "addUserScript", "done"])
    #expect(start[1]["injectionTime"] == "document-start")
    #expect(start[1]["source"]?.stringValue?.hasSuffix("/* page */") == true)
    #expect(start[2]["injectionTime"] == "document-end")

    _ = try answer(server, #"{"type":"registerHandler","seq":2,"name":"echo"}"#)
    let signal = try answer(
      server, #"{"type":"scriptMessage","seq":3,"name":"WebViewJavascriptBridge","body":"__bridge_loaded__"}"#)
    #expect(signal.last?["seq"] == 3)
    let fetch = try answer(server, #"{"type":"scriptMessage","seq":4,"name":"WebViewJavascriptBridge","body":"x"}"#)
    let evaluate = try #require(fetch.first { $0["type"] == "evaluate" })
    #expect(evaluate["script"] == "WebViewJavascriptBridge._fetchQueue();")
    let id = try #require(evaluate["id"]).serialized()
    let batch = JSONValue.string(#"[{"handlerName":"echo","data":[1],"callbackId":"cb_1_0"}]"#).serialized()
    let invoked = try answer(server, #"{"type":"evaluationResult","seq":5,"id":\#(id),"ok":true,"result":\#(batch)}"#)
    let handler = try #require(invoked.first { $0["type"] == "handlerInvoked" })
    #expect(handler["handler"] == "echo")
    #expect(handler["data"] == [1])
    #expect(handler["canRespond"] == true)
    let invocation = try #require(handler["invocation"]).serialized()
    let response = try answer(server, #"{"type":"respond","seq":6,"invocation":\#(invocation),"data":"ok"}"#)
    let delivery = try #require(response.first { $0["type"] == "evaluate" })
    #expect(
      delivery["script"]
        == #"WebViewJavascriptBridge._handleMessageFromObjC('{\"responseId\":\"cb_1_0\",\"responseData\":\"ok\"}');"#)
    let again = try answer(server, #"{"type":"respond","seq":7,"invocation":\#(invocation),"data":"twice"}"#)
    #expect(!again.contains { $0["type"] == "evaluate" }, "a second answer is dropped by the bridge")
    #expect(again.contains { $0["type"] == "log" && $0["code"] == "duplicate-response" })
    let stop = try answer(server, #"{"type":"stop","seq":8}"#)
    #expect(stop.map { $0["type"]?.stringValue } == ["done"])
  }

  // MARK: - hello

  @Test func helloMustSpeakVersionOne() throws {
    #expect(throws: AdapterProtocolError.self) {
      try AdapterInfo(hello: ["type": "hello", "protocol": 2, "name": "x", "transports": ["iframe"], "injections": []])
    }
    #expect(throws: AdapterProtocolError.self) {
      try AdapterInfo(hello: [
        "type": "hello", "protocol": 1, "name": "x", "transports": ["carrier-pigeon"], "injections": [],
      ])
    }
    let info = try AdapterInfo(
      hello: ["type": "hello", "protocol": 1, "name": "x", "transports": ["iframe"], "injections": ["document-start"]])
    #expect(info.transports == [.iframe])
    #expect(info.injections == [.documentStart])
    #expect(info.features.isEmpty)
  }

  // MARK: - The documents

  @Test func schemasListEveryCommandAndEvent() throws {
    for (file, types) in [("command", AdapterProtocol.Command.names), ("event", AdapterProtocol.Event.names)] {
      let path = packageRoot.appendingPathComponent("docs/adapter-protocol/\(file).schema.json").path
      let data = try #require(FileManager.default.contents(atPath: path), "\(path) is missing")
      let schema = try JSONValue.parse(utf8: [UInt8](data))
      let listed = Set(schema["properties"]?["type"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      #expect(listed == types, "\(file).schema.json lists \(listed.sorted()), the harness knows \(types.sorted())")
      let definitions = Set(schema["$defs"]?.objectValue?.keys ?? [])
      #expect(types.isSubset(of: definitions), "\(file).schema.json defines \(definitions.sorted())")
    }
    let document = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/adapter-protocol.md"), encoding: .utf8)
    for type in AdapterProtocol.Command.names.union(AdapterProtocol.Event.names) {
      #expect(document.contains("| `\(type)` |"), "docs/adapter-protocol.md has no table row for \(type)")
    }
  }

  @Test("AdapterProtocol.Field names exactly the members the schemas give commands and events")
  func fieldsAreTheSchemasMembers() throws {
    var members: Set<String> = []
    for file in ["command", "event"] {
      let path = packageRoot.appendingPathComponent("docs/adapter-protocol/\(file).schema.json").path
      let data = try #require(FileManager.default.contents(atPath: path), "\(path) is missing")
      let schema = try JSONValue.parse(utf8: [UInt8](data))
      let types = file == "command" ? AdapterProtocol.Command.names : AdapterProtocol.Event.names
      for type in types {
        members.formUnion(schema["$defs"]?[type]?["properties"]?.objectValue?.keys ?? [])
      }
    }
    let fields = Set(AdapterProtocol.Field.allCases.map(\.rawValue))
    #expect(!members.isEmpty)
    #expect(
      fields == members,
      "AdapterProtocol.Field lacks \(members.subtracting(fields).sorted()) and has \(fields.subtracting(members).sorted()) that no schema gives a command or event"
    )
  }

  // MARK: - doctor

  @Test func doctorPassesTheShippedAdapters() throws {
    let python = AdapterDoctor.examine(command: AdapterTestSupport.pythonAdapter, timeout: .seconds(5))
    #expect(python.passed, "\(python.text)")
    #expect(python.info?.name == "python-wvjb")
    let reference = try AdapterTestSupport.referenceAdapter()
    let swift = AdapterDoctor.examine(command: reference, timeout: .seconds(5))
    #expect(swift.passed, "\(swift.text)")
  }

  /// Like `run`, the doctor gives hello the startup limit: an adapter that
  /// takes 2 s to start passes with 1 s answers, and fails when the startup
  /// limit is 1 s too.
  @Test func doctorGivesHelloTheStartupLimit() throws {
    let slowStart = ["sh", "-c", "sleep 2; exec \"$0\" \"$1\""] + AdapterTestSupport.pythonAdapter
    let patient = AdapterDoctor.examine(command: slowStart, timeout: .seconds(1), startupTimeout: .seconds(20))
    #expect(patient.passed, "\(patient.text)")
    let hasty = AdapterDoctor.examine(command: slowStart, timeout: .seconds(1), startupTimeout: .seconds(1))
    #expect(!hasty.passed)
    // How the silence is then told (buffered, exited, or still silent after
    // stdin closed) depends on how soon python starts on a busy machine.
    #expect(hasty.text.contains("1.0 seconds after hello"), "\(hasty.text)")
  }

  /// Every adapter in conformance/adapters/faulty, and words the doctor's
  /// first failure must contain for it.
  static let faultyAdapterExplanations: [(String, String)] = [
    ("never-flushes", "buffered and never flushed"),
    ("wrong-protocol", "speaks protocol version 2"),
    ("non-json", "is not JSON"),
    ("out-of-sequence", "done must repeat the seq"),
    ("missing-done", "but no done"),
    ("crash-on-start", "exited with status 3"),
    ("hang", "no answer to start"),
    ("flood", "it floods its output"),
    ("exit-mid-scenario", "closed its output before answering registerHandler; it exited with status 1"),
    ("late-fault", "no answer to stop within"),
  ]

  @Test(arguments: faultyAdapterExplanations)
  func doctorExplainsMistakes(_ script: String, _ explanation: String) throws {
    let started = ContinuousClock.now
    // hello gets 5 s (python3 starting on a CI machine busy with the other
    // suites), every later answer 1 s.
    let report = AdapterDoctor.examine(
      command: AdapterTestSupport.faulty(script), timeout: .seconds(1), startupTimeout: .seconds(5))
    let elapsed = ContinuousClock.now - started
    // The 5 s for hello, the 2 s wait on a silent adapter and a few 1 s
    // answers fit well within 15 s.
    #expect(elapsed < .seconds(15), "\(script): the doctor took \(elapsed)")
    #expect(!report.passed)
    let failure = report.findings.first { !$0.passed }
    #expect(failure?.explanation.contains(explanation) == true, "\(script):\n\(report.text)")
    let pid = try #require(report.processID)
    #expect(AdapterTestSupport.children(among: [pid]).isEmpty, "the doctor leaves no process behind")
  }

  /// `shouldStop` (Ctrl-C in the CLI) cuts a long wait short: the report
  /// says it was interrupted, not that the adapter is wrong, and the adapter
  /// is ended.
  @Test func doctorStopsWhenAskedWhileTheAdapterHangs() throws {
    let started = ContinuousClock.now
    let stopAt = started.advanced(by: .seconds(3))
    let report = AdapterDoctor.examine(
      command: AdapterTestSupport.faulty("hang"), timeout: .seconds(60), shouldStop: { ContinuousClock.now >= stopAt })
    #expect(ContinuousClock.now - started < .seconds(15), "the 60 s wait was cut short")
    #expect(report.interrupted, "\(report.text)")
    #expect(report.findings.last?.title == "interrupted", "\(report.text)")
    #expect(report.text.hasSuffix("interrupted (Ctrl-C): the examination did not finish"), "\(report.text)")
    let pid = try #require(report.processID)
    #expect(AdapterTestSupport.children(among: [pid]).isEmpty, "the doctor leaves no process behind")
  }

  @Test func doctorCatchesASlowFloodAtTheTimeLimit() throws {
    // Under the event limit, but never done: one log line every 150 ms, so
    // the limit almost always runs out in a pause between two lines (which
    // must still count as a flood, not as an answer that stopped short).
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("slow-flood-\(UUID().uuidString).py")
    try """
    import json, sys, time
    for line in sys.stdin:
        command = json.loads(line)
        if command["type"] == "hello":
            print(json.dumps({"type": "hello", "protocol": 1, "name": "slow-flood", "transports": ["iframe"],
                              "injections": ["bridge-loaded"]}), flush=True)
        elif command["type"] == "start":
            while True:
                print(json.dumps({"type": "log", "level": "debug", "message": "tick"}), flush=True)
                time.sleep(0.15)
        print(json.dumps({"type": "done", "seq": command["seq"]}), flush=True)
    """.write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    let started = ContinuousClock.now
    // hello has the default startup limit (python3 may start slowly on a
    // busy CI machine); the flood must be caught at the 1 s answer limit.
    let report = AdapterDoctor.examine(command: ["python3", script.path], timeout: .seconds(1))
    let failure = report.findings.first { !$0.passed }
    #expect(failure?.title == "flood", "\(report.text)")
    #expect(failure?.explanation.contains("was still writing after 1.0 seconds") == true, "\(report.text)")
    #expect(ContinuousClock.now - started < .seconds(20))
  }

  @Test func doctorExplainsEveryFaultyAdapter() throws {
    let folder = packageRoot.appendingPathComponent("conformance/adapters/faulty")
    let shipped = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".py") }.map { String($0.dropLast(3)) }
    let explained = Set(Self.faultyAdapterExplanations.map(\.0))
    #expect(Set(shipped) == explained, "doctorExplainsMistakes must cover every adapter in conformance/adapters/faulty")
  }
}
