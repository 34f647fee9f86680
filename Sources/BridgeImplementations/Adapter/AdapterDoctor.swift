import AdapterHosting
import BridgecheckAdapter
import Dialects
import JSONModel
import ProcessSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bridgecheck doctor --native 'COMMAND'`: starts an adapter, walks it
/// through the handshake and a short session, and explains in words what it
/// gets wrong (no output, output that is never flushed, a wrong protocol
/// version, lines that are not JSON, a missing `done`, a wrong `seq`, …).
///
/// Unlike ``AdapterNativeImplementation``, which only needs to know that an
/// adapter failed, the doctor reads the raw lines so it can tell the
/// mistakes apart.
package enum AdapterDoctor {
  /// One check and its outcome.
  package struct Finding: Sendable, Hashable {
    /// Whether the check passed.
    package var passed: Bool
    /// What was checked, e.g. `handshake`.
    package var title: String
    /// What happened and, on failure, how to fix it.
    package var explanation: String
  }

  /// Everything the doctor found.
  package struct Report: Sendable {
    /// The checks in order; the first failure ends the examination.
    package var findings: [Finding]
    /// What the adapter said about itself, if the handshake worked.
    package var info: AdapterInfo?
    /// The last lines the adapter wrote on stderr.
    package var stderrTail: String
    /// The adapter's process id (ended when the report is returned).
    package var processID: Int32?
    /// Whether every check passed.
    package var passed: Bool { findings.allSatisfy(\.passed) }
    /// Whether Ctrl-C ended the examination before it finished.
    package var interrupted: Bool { findings.contains { $0.title == "interrupted" } }
  }

  /// Examines the adapter `command`; `timeout` bounds each answer (all of
  /// its events up to `done`, not each line, so an adapter that writes
  /// forever is caught as a flood); the answer to `hello` is bounded by
  /// `startupTimeout` from the start of the process instead, whatever
  /// `timeout` is (as in `bridgecheck run`). When `shouldStop` turns true (Ctrl-C)
  /// the examination ends at once with an `interrupted` finding, and the
  /// adapter is ended like at any other end.
  package static func examine(
    command: [String], timeout: Duration = .seconds(5), startupTimeout: Duration = AdapterLimits().startupTimeout,
    profile: BridgeProfile = .classic, shouldStop: @escaping @Sendable () -> Bool = { false }
  ) -> Report {
    var findings: [Finding] = []
    let probe: LineProbe
    do {
      probe = try LineProbe(command: command, shouldStop: shouldStop)
    } catch {
      findings.append(Finding(passed: false, title: "start", explanation: error.message))
      return Report(findings: findings, info: nil, stderrTail: "", processID: nil)
    }
    defer { probe.process.kill() }
    findings.append(
      Finding(
        passed: true, title: "start",
        explanation: "started \(AdapterConnection.describe(command)) (pid \(probe.process.pid))"))
    var examination = Examination(
      probe: probe, limits: AdapterLimits(commandTimeout: timeout, startupTimeout: startupTimeout), profile: profile)
    examination.run()
    findings += examination.findings
    return Report(
      findings: findings, info: examination.info, stderrTail: probe.stderr.text, processID: probe.process.pid)
  }

  // MARK: - The examination

  private struct Examination {
    let probe: LineProbe
    /// The doctor's time limits, with the event and byte limits of
    /// `bridgecheck run` for one answer.
    let limits: AdapterLimits
    /// The dialect the session speaks (classic WVJB unless `--profile`).
    let profile: BridgeProfile
    var findings: [Finding] = []
    var info: AdapterInfo?
    var seq = 0

    /// The limit of each answer.
    var timeout: Duration { limits.commandTimeout }
    /// The limit of the answer to `hello`, from the start of the process.
    var helloTimeout: Duration { limits.helloTimeout }

    init(probe: LineProbe, limits: AdapterLimits, profile: BridgeProfile) {
      self.probe = probe
      self.limits = limits
      self.profile = profile
    }

    mutating func pass(_ title: String, _ explanation: String) {
      findings.append(Finding(passed: true, title: title, explanation: explanation))
    }

    mutating func failure(_ title: String, _ explanation: String) {
      findings.append(Finding(passed: false, title: title, explanation: explanation))
    }

    mutating func run() {
      // 1. Handshake.
      guard
        let hello = roundTrip(
          .hello,
          [
            "protocol": .number(Double(AdapterProtocol.version)),
            "minor": .number(Double(AdapterProtocol.minorVersion)),
          ], first: true)
      else { return }
      let hellos = hello.filter { AdapterProtocol.Event(of: $0) == .hello }
      guard let helloEvent = hellos.first else {
        return failure(
          "handshake",
          "the adapter answered hello with done but no hello event. Before done it must write one line "
            + #"{"type":"hello","protocol":1,"name":"…","transports":[…],"injections":[…],"features":[…]}"#)
      }
      if hellos.count > 1 {
        return failure("handshake", "the adapter wrote \(hellos.count) hello events; write exactly one")
      }
      do {
        info = try AdapterInfo(hello: helloEvent)
      } catch {
        if let version = helloEvent.integer("protocol"), version != AdapterProtocol.version {
          return failure(
            "protocol version",
            "the adapter speaks protocol version \(version), and this bridgecheck speaks version \(AdapterProtocol.version) "
              + "(docs/adapter-protocol.md). Answer hello with \"protocol\": \(AdapterProtocol.version), or use a bridgecheck "
              + "that speaks version \(version).")
        }
        return failure("handshake", "the hello event is not right: \(error.message)")
      }
      let info = self.info!
      pass(
        "handshake",
        "protocol \(info.protocolVersion).\(info.minorVersion), name \(info.name)\(info.version.map { " \($0)" } ?? ""), transports "
          + "\(info.transports.map(\.rawValue).joined(separator: ", ")), injections "
          + "\(info.injections.map(\.rawValue).joined(separator: ", ")), features "
          + (info.features.isEmpty ? "none" : info.features.sorted().joined(separator: ", ")))
      guard quietAfterDone("hello") else { return }

      // 2. A short session: start, a handler, injection, an ordinary navigation, a call, stop.
      let transport = profile.transports.first { info.transports.contains($0) } ?? profile.transports.first ?? .iframe
      let injection =
        profile.injections.first { info.injections.contains($0) } ?? profile.injections.first ?? .bridgeLoaded
      let configuration = SessionConfiguration(
        transport: transport, injection: injection, options: BridgeOptions(), profile: profile)
      if !info.transports.contains(transport) || !info.injections.contains(injection) {
        failure(
          "dialect",
          "the profile \(profile.name) signals over \(transport.rawValue) and injects by \(injection.rawValue), and the "
            + "adapter's hello does not list both; list them in `transports` and `injections` if the bridge supports them"
        )
      }
      let pageScript = "/* bridgecheck doctor: a page bridge would be here */"
      guard
        roundTrip(
          .start,
          ["configuration": AdapterProtocol.configurationJSON(configuration), "pageScript": .string(pageScript)])
          != nil,
        roundTrip(.registerHandler, ["name": "doctorHandler"]) != nil
      else { return }
      pass("start", "start and registerHandler were answered with done")

      // The page asks for the bridge the way the dialect does.
      let request: (command: AdapterProtocol.Command, fields: JSONObject, what: String)?
      switch injection {
      case .bridgeLoaded:
        request = (
          .navigation, ["id": 1, "url": .string(profile.bridgeLoadedURL), "frame": "iframe"],
          "a navigation to \(profile.bridgeLoadedURL)"
        )
      case .onPost:
        request = (
          .scriptMessage, ["name": .string(profile.injectHandlerName)], "a post to \(profile.injectHandlerName)"
        )
      case .afterLoad:
        request = (.loadFinished, [:], "the end of a page load (loadFinished)")
      case .documentStart, .documentEnd, .page:
        request = nil
      }
      if let request {
        guard let injected = roundTrip(request.command, request.fields) else { return }
        if request.command == .navigation {
          guard checkPolicy(injected, id: 1, expected: "cancel", url: profile.bridgeLoadedURL) else { return }
        }
        guard let evaluation = injected.first(where: { AdapterProtocol.Event(of: $0) == .evaluate })
        else {
          return failure(
            "injection",
            "\(request.what) must make the bridge evaluate the page script: expected an "
              + #"evaluate event {"type":"evaluate","id":…,"script":"…"} before done"#)
        }
        let namesPageScript = pipelines && evaluation[AdapterProtocol.Pipelining.pageScript]?.boolValue == true
        guard evaluation["id"] != nil, evaluation["script"]?.stringValue != nil || namesPageScript else {
          return failure(
            "injection",
            "an evaluate event needs an `id` (echoed back in evaluationResult) and a string `script`"
              + (pipelines ? " (or, in 1.2, `pageScript`: true for the page script)" : ""))
        }
        pass("injection", "\(request.what) made the bridge evaluate the page script")
        guard
          roundTrip(.evaluationResult, ["id": evaluation["id"] ?? .null, "ok": true]) != nil
        else { return }
      } else if injection == .page {
        pass("injection", "page injection: the page ships the bridge, the adapter injects nothing")
      } else {
        pass("injection", "\(injection.rawValue) injection: the page script is a user script")
      }
      guard let ordinary = roundTrip(.navigation, ["id": 2, "url": "https://example.com/", "frame": "main"]) else {
        return
      }
      guard checkPolicy(ordinary, id: 2, expected: "allow", url: "https://example.com/") else { return }
      pass("navigation", "an ordinary navigation was allowed")

      // The native call, in the dialect's form: a message to the entry
      // point, or the convention's native-call function; none when the
      // dialect's native side cannot call the page.
      var entry = profile.handleMessageFunction
      if case .functionCall(let function) = profile.convention.nativeCalls {
        entry = function.hasPrefix("window.") ? String(function.dropFirst("window.".count)) : function
      }
      if !profile.convention.nativeCanCallPage {
        pass("native call", "not checked: in the dialect \(profile.name) the native side cannot call the page")
      } else {
        guard let call = roundTrip(.callHandler, ["name": "doctorPing", "data": ["n": 1], "callback": 1]) else {
          return
        }
        let delivery = call.first { AdapterProtocol.Event(of: $0) == .evaluate }
        if pipelines, let report = delivery?[AdapterProtocol.Pipelining.report],
          report.stringValue.flatMap(AdapterProtocol.EvaluationReport.init(rawValue:)) == nil
        {
          return failure(
            "native call",
            "the evaluate event's `report` is \(report); it must be \"always\", \"failure\" or \"never\" (or absent: always)"
          )
        }
        if let script = delivery?["script"]?.stringValue {
          if script.contains("\(entry)(") {
            pass("native call", "callHandler was delivered with one evaluation")
          } else {
            failure(
              "native call",
              "callHandler evaluated a script that does not call \(entry): \(JSONValue.string(String(script.prefix(200))))"
            )
            return
          }
        } else {
          pass("native call", "callHandler was answered (no evaluation yet: held in a start-up queue?)")
        }
      }
      if pipelines {
        // 1.2: bridgecheck run writes stop and the next scenario's start
        // without waiting in between, and names the page script it sent before.
        let configurationJSON = AdapterProtocol.configurationJSON(configuration)
        guard
          let answers = pipelined([
            (.stop, [:]),
            (.start, ["configuration": configurationJSON, AdapterProtocol.Pipelining.samePageScript: true]),
            (.registerHandler, ["name": "doctorHandler"]), (.stop, [:]),
          ])
        else { return }
        pass(
          "pipelining (1.2)",
          "stop, start with samePageScript, registerHandler and stop, written together, were answered in order "
            + "(\(answers.map(\.count).reduce(0, +)) event(s))")
      } else {
        guard roundTrip(.stop) != nil else { return }
        pass("stop", "stop was answered with done")
      }

      // 3. Exit.
      guard roundTrip(.exit) != nil else { return }
      if probe.process.waitForExit(timeout: .seconds(2)) {
        pass("exit", "the adapter answered exit and ended (\(probe.process.exitDescription ?? "exited"))")
      } else {
        failure(
          "exit",
          "the adapter answered exit but was still running 2 s later; it must exit after answering exit (and when stdin ends)"
        )
      }
    }

    private mutating func checkPolicy(_ events: [JSONObject], id: Int, expected: String, url: String) -> Bool {
      let policies = events.filter { AdapterProtocol.Event(of: $0) == .policy }
      guard let policy = policies.first else {
        failure(
          "navigation",
          "a navigation to \(url) was answered without a policy event; before done write "
            + #"{"type":"policy","id":<the navigation's id>,"policy":"allow" or "cancel"}"#)
        return false
      }
      guard policy.integer("id") == id else {
        failure(
          "navigation", "the policy event has id \(policy["id"] ?? .null); it must repeat the navigation's id \(id)")
        return false
      }
      guard policy["policy"]?.stringValue == expected else {
        failure(
          "navigation",
          "a navigation to \(url) got policy \(policy["policy"] ?? .null); a WVJB bridge must \(expected == "cancel" ? "cancel its own bridge URLs" : "allow ordinary navigations (the app decides them)")"
        )
        return false
      }
      return true
    }

    /// Nothing may follow a done until the next command.
    private mutating func quietAfterDone(_ command: String) -> Bool {
      switch probe.readLine(timeout: .milliseconds(200)) {
      case .line(let bytes):
        failure(
          "framing",
          "after the done of \(command) the adapter wrote another line: \(LineProbe.excerpt(bytes)). Every line must "
            + "belong to the command being answered, and done must be the last one")
        return false
      case .partial(let bytes):
        failure("framing", "after the done of \(command) the adapter wrote \(bytes.count) byte(s) without a line end")
        return false
      case .end, .timeout:
        return true
      case .interrupted:
        interrupted(waitingFor: "the quiet after the done of \(command)")
        return false
      }
    }

    /// Ctrl-C ended the examination.
    private mutating func interrupted(waitingFor what: String) {
      failure("interrupted", "Ctrl-C while waiting for \(what); the examination stopped and the adapter was ended")
    }

    /// Whether both sides speak 1.2 (after the handshake).
    var pipelines: Bool {
      min(info?.minorVersion ?? 0, AdapterProtocol.minorVersion) >= AdapterProtocol.Pipelining.minorVersion
    }

    /// Sends one command and reads its events up to done; nil (with a
    /// finding) when something is wrong.
    mutating func roundTrip(_ type: AdapterProtocol.Command, _ fields: JSONObject = [:], first: Bool = false)
      -> [JSONObject]?
    {
      guard let seq = send([(type, fields)]).first else { return nil }
      return readAnswer(to: type.rawValue, seq: seq, first: first)
    }

    /// Writes `commands` in one go, as 1.2 allows, then reads their answers
    /// in order; nil (with a finding) when something is wrong.
    mutating func pipelined(_ commands: [(type: AdapterProtocol.Command, fields: JSONObject)]) -> [[JSONObject]]? {
      let numbers = send(commands)
      guard numbers.count == commands.count else { return nil }
      var answers: [[JSONObject]] = []
      for (command, number) in zip(commands, numbers) {
        guard let events = readAnswer(to: command.type.rawValue, seq: number, first: false) else { return nil }
        answers.append(events)
      }
      return answers
    }

    /// Numbers and writes commands in one write; their seqs, or none (with
    /// a finding) when the adapter does not read them.
    private mutating func send(_ commands: [(type: AdapterProtocol.Command, fields: JSONObject)]) -> [Int] {
      var text = ""
      var numbers: [Int] = []
      for (type, fields) in commands {
        seq += 1
        numbers.append(seq)
        var message: JSONObject = ["type": .string(type.rawValue), "seq": .number(Double(seq))]
        for (key, value) in fields { message[key] = value }
        text += JSONValue.object(message).serialized() + "\n"
      }
      let type = commands.map(\.type.rawValue).joined(separator: " and ")
      guard probe.send(text) else {
        if probe.stopRequested {
          interrupted(waitingFor: "the adapter to read \(type)")
          return []
        }
        failure(
          commands.first?.type.rawValue ?? type,
          "could not write the \(type) command: the adapter closed its stdin\(exitClause())")
        return []
      }
      return numbers
    }

    /// Reads the events of the command `type` numbered `seq` up to its done.
    private mutating func readAnswer(to type: String, seq: Int, first: Bool) -> [JSONObject]? {
      var events: [JSONObject] = []
      var lineNumber = 0
      var bytesRead = 0
      // The whole answer must come within the limit: a per-line limit alone
      // never ends for an adapter that writes lines forever.
      let limit = first ? helloTimeout : timeout
      let deadline = ContinuousClock.now.advanced(by: limit)
      var lastLineAt = ContinuousClock.now
      func floodFailure() {
        failure(
          "flood",
          "the adapter answered \(type) with \(events.count) event(s) and was still writing after \(limit), without "
            + floodAdvice)
      }
      while true {
        let remaining = deadline - ContinuousClock.now
        if remaining <= .zero && !events.isEmpty {
          floodFailure()
          return nil
        }
        switch probe.readLine(timeout: max(remaining, .zero)) {
        case .line(let bytes):
          lastLineAt = ContinuousClock.now
          lineNumber += 1
          bytesRead += bytes.count + 1
          if events.count >= limits.maxEventsPerCommand || bytesRead > limits.maxBytesPerCommand {
            let amount =
              events.count >= limits.maxEventsPerCommand
              ? "more than \(limits.maxEventsPerCommand) events" : "more than \(limits.maxBytesPerCommand >> 20) MiB"
            failure(
              "flood",
              "the adapter answered \(type) with \(amount) (the limit of bridgecheck run), without " + floodAdvice)
            return nil
          }
          var line = bytes
          if line.last == UInt8(ascii: "\r") { line.removeLast() }
          if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
          let value: JSONValue
          do {
            value = try JSONValue.parse(utf8: line)
          } catch {
            failure(
              "JSON",
              "line \(lineNumber) of the answer to \(type) is not JSON: \(LineProbe.excerpt(line)) (\(error)). stdout "
                + "carries protocol lines only: one JSON object per line. Print logs and progress messages to stderr.")
            return nil
          }
          guard case .object(let event) = value, let eventType = event["type"]?.stringValue else {
            failure(
              "JSON",
              "line \(lineNumber) of the answer to \(type) is JSON but not an event: \(LineProbe.excerpt(line)). Every line "
                + #"must be an object with a string "type", e.g. {"type":"done","seq":\#(seq)}"#)
            return nil
          }
          guard let known = AdapterProtocol.Event(rawValue: eventType) else {
            failure(
              "JSON",
              "the answer to \(type) has an event of unknown type \(JSONValue.string(eventType)); known types: "
                + AdapterProtocol.Event.names.sorted().joined(separator: ", "))
            return nil
          }
          if known == .error {
            failure(type, "the adapter reported an error: \(event["message"]?.stringValue ?? "(no message)")")
            return nil
          }
          if known == .done {
            guard let doneSeq = event.integer("seq") else {
              failure("seq", "the done event of \(type) has no integer seq; write {\"type\":\"done\",\"seq\":\(seq)}")
              return nil
            }
            guard doneSeq == seq else {
              failure(
                "seq",
                "the \(type) command had seq \(seq), and the adapter answered done with seq \(doneSeq). done must repeat "
                  + "the seq of the command it answers (copy it from the command; do not count on your own)")
              return nil
            }
            return events
          }
          events.append(event)
        case .partial(let bytes):
          failure(
            "framing",
            "the answer to \(type) stopped after \(bytes.count) byte(s) without a line end, and nothing followed for \(limit). "
              + "End every line with \\n and flush stdout after each line.")
          return nil
        case .end:
          failure(
            type,
            "the adapter closed its output before answering \(type)\(exitClause())"
              + (events.isEmpty ? "" : " (after \(events.count) event(s), without done)"))
          return nil
        case .timeout:
          if first && events.isEmpty {
            diagnoseSilence()
          } else if events.isEmpty {
            failure(
              type,
              "no answer to \(type) within \(limit): the adapter printed nothing (hung, or its stdout is buffered)")
          } else if ContinuousClock.now - lastLineAt < Self.stillWriting(within: limit) {
            // The limit fell in a pause between two lines of an adapter that
            // keeps writing: a flood, not an answer that stopped short of done.
            floodFailure()
          } else {
            failure(
              "done",
              "the adapter answered \(type) with \(events.count) event(s) but no done within \(limit). After the events "
                + #"of a command it must write {"type":"done","seq":\#(seq)} (the command's seq)"#)
          }
          return nil
        case .interrupted:
          interrupted(waitingFor: "the answer to \(type)")
          return nil
        }
      }
    }

    /// An adapter that wrote a line this recently when the limit ran out
    /// is still writing (half the limit, at most half a second: a missing
    /// done leaves a longer silence).
    static func stillWriting(within limit: Duration) -> Duration {
      min(limit / 2, .milliseconds(500))
    }

    /// How to stop flooding, after "without".
    private var floodAdvice: String {
      "a done: it floods its output (an endless loop of log events?). Answer each command with a bounded number of "
        + #"events and end them with {"type":"done","seq":\#(seq)}; send diagnostics to stderr, not as events"#
    }

    /// The first command got no output at all: tell a hung adapter from one
    /// whose output sits in a buffer, by closing its stdin (an adapter exits
    /// at end of file, and exiting flushes the buffer).
    private mutating func diagnoseSilence() {
      probe.process.closeInput()
      var answer = probe.readLine(timeout: .seconds(2))
      if case .partial(let bytes) = answer, bytes.isEmpty { answer = .timeout }
      switch answer {
      case .interrupted:
        interrupted(waitingFor: "the answer to hello")
      case .line(let bytes), .partial(let bytes):
        failure(
          "output",
          "the adapter printed nothing for \(helloTimeout) after hello, but its answer (\(LineProbe.excerpt(bytes))) came out "
            + "when its stdin was closed: its output is buffered and never flushed. Flush stdout after every line, e.g. "
            + "print(..., flush=True) or sys.stdout.flush() in Python, fflush(stdout) in C, FileHandle.standardOutput.write "
            + "in Swift (print is buffered when stdout is a pipe).")
      case .end:
        failure(
          "output",
          "the adapter printed nothing for \(helloTimeout) after hello\(exitClause()). It must read one command per line on stdin "
            + "and answer each with its events and a done line on stdout.")
      default:
        failure(
          "output",
          "the adapter printed nothing within \(helloTimeout) after hello, and nothing when its stdin was closed: it is not "
            + "answering (reading the wrong stream? waiting for something else?). It must read one command per line on "
            + "stdin and answer each on stdout, flushing after every line.")
      }
    }

    private func exitClause() -> String {
      probe.process.waitForExit(timeout: .milliseconds(500))
      return probe.process.exitDescription.map { "; it \($0)" } ?? ""
    }
  }
}

extension AdapterDoctor.Report {
  /// The report as text, one check a line with `ok` or `FAIL`, then the
  /// adapter's last stderr lines when something failed.
  package var text: String {
    var lines = findings.map { finding in
      "\(finding.passed ? "ok  " : "FAIL") \(finding.title): \(finding.explanation)"
    }
    if !passed && !stderrTail.isEmpty {
      lines.append("stderr of the adapter (last lines):")
      lines += stderrTail.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
    lines.append(
      interrupted
        ? "interrupted (Ctrl-C): the examination did not finish"
        : passed ? "the adapter looks fine" : "the adapter needs fixing (see docs/adapter-protocol.md)")
    return lines.joined(separator: "\n")
  }
}

/// Raw line access to an adapter process, for the doctor.
final class LineProbe {
  enum Read {
    /// One complete line (without the newline).
    case line([UInt8])
    /// Bytes without a line end, then silence until the timeout.
    case partial([UInt8])
    /// End of output.
    case end
    /// Nothing within the timeout.
    case timeout
    /// `shouldStop` turned true while waiting.
    case interrupted
  }

  let process: ChildProcess
  var stderr = StderrTail(maxLines: 20)
  private var buffer: [UInt8] = []
  /// Polled while waiting (every 20 ms at most): true ends the wait.
  private let shouldStop: @Sendable () -> Bool

  init(command: [String], shouldStop: @escaping @Sendable () -> Bool) throws(ImplementationError) {
    do {
      process = try ChildProcess.spawn(command)
    } catch {
      throw ImplementationError(spawning: error)
    }
    self.shouldStop = shouldStop
  }

  /// Whether the examination was asked to stop (Ctrl-C).
  var stopRequested: Bool { shouldStop() }

  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    let deadline = ContinuousClock.now.advanced(by: .seconds(5))
    while offset < bytes.count {
      guard process.input >= 0, ContinuousClock.now < deadline, !shouldStop() else { return false }
      let count = withBrokenPipeSignalSuppressed {
        bytes.withUnsafeBytes { write(process.input, $0.baseAddress! + offset, $0.count - offset) }
      }
      if count > 0 {
        offset += count
      } else if count < 0 && errno != EAGAIN && errno != EINTR {
        return false
      } else {
        var fds = [pollfd(fd: process.input, events: Int16(POLLOUT), revents: 0)]
        _ = poll(&fds, 1, 50)
        drainStderr()
      }
    }
    return true
  }

  func readLine(timeout: Duration) -> Read {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        return .line(line)
      }
      if shouldStop() { return .interrupted }
      let now = ContinuousClock.now
      guard now < deadline, process.output >= 0 else {
        if process.output < 0 { return buffer.isEmpty ? .end : .partial(take()) }
        return buffer.isEmpty ? .timeout : .partial(take())
      }
      var fds = [
        pollfd(fd: process.output, events: Int16(POLLIN), revents: 0),
        pollfd(fd: process.errorOutput, events: Int16(POLLIN), revents: 0),
      ]
      _ = poll(&fds, 2, 20)
      if fds[1].revents != 0 { drainStderr() }
      if fds[0].revents != 0 {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(process.output, $0.baseAddress, $0.count) }
        if count > 0 {
          buffer.append(contentsOf: chunk[0..<count])
        } else if count == 0 {
          drainStderr()
          process.closeOutput()
        }
      }
    }
  }

  private func take() -> [UInt8] {
    defer { buffer.removeAll() }
    return buffer
  }

  private func drainStderr() {
    guard process.errorOutput >= 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(process.errorOutput, $0.baseAddress, $0.count) }
      if count > 0 {
        stderr.append(chunk[0..<count])
        continue
      }
      if count == 0 { process.closeErrorOutput() }
      return
    }
  }

  static func excerpt(_ bytes: [UInt8]) -> String {
    JSONValue.string(String(decoding: bytes.prefix(200), as: UTF8.self)).serialized() + (bytes.count > 200 ? "…" : "")
  }
}
