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

/// Limits that turn a misbehaving adapter into an `error` instead of a hung
/// or exhausted harness.
package struct AdapterLimits: Sendable, Hashable {
  /// The most wall-clock time between writing a command and reading its `done`.
  package var commandTimeout: Duration
  /// The most events one command may cause.
  package var maxEventsPerCommand: Int
  /// The most bytes of output one command may cause.
  package var maxBytesPerCommand: Int
  /// How many of the last stderr lines an error report quotes.
  package var stderrTailLines: Int
  /// How long an adapter may take to exit after `exit` before it is killed.
  package var exitGrace: Duration
  /// The most wall-clock time from starting the process to reading the
  /// `done` of `hello`, whatever ``commandTimeout`` is: a runtime that starts
  /// slowly (a JVM, an interpreter loading a bridge library, a machine busy
  /// with other jobs) needs more time for its first answer than for the rest,
  /// and one that hangs at once should cost no more than this.
  package var startupTimeout: Duration

  /// Creates limits; the defaults are those of `bridgecheck run`.
  package init(
    commandTimeout: Duration = .seconds(5), maxEventsPerCommand: Int = 10_000, maxBytesPerCommand: Int = 64 << 20,
    stderrTailLines: Int = 20, exitGrace: Duration = .milliseconds(500), startupTimeout: Duration = .seconds(15)
  ) {
    self.commandTimeout = commandTimeout
    self.maxEventsPerCommand = maxEventsPerCommand
    self.maxBytesPerCommand = maxBytesPerCommand
    self.stderrTailLines = stderrTailLines
    self.exitGrace = exitGrace
    self.startupTimeout = startupTimeout
  }

  /// The limit of the answer to `hello`, from the start of the process:
  /// ``startupTimeout`` (``commandTimeout`` bounds every later command, not this one).
  package var helloTimeout: Duration { startupTimeout }
}

/// The answer to one command: the events it caused, in order, without the
/// final `done`.
struct AdapterAnswer {
  /// The command's type.
  let command: AdapterProtocol.Command
  /// The command's `seq`.
  let seq: Int
  /// Its events.
  let events: [JSONObject]
}

/// The harness's end of one adapter process: writes commands, reads their
/// events up to `done`, and turns every way an adapter can misbehave into an
/// ``ImplementationError`` (after which the process is dead and the
/// connection unusable).
///
/// Reads and writes never block: one `poll` loop writes the command, drains
/// stdout and stderr together (an adapter blocked on a full stderr pipe
/// cannot deadlock the harness) and watches the clock.
///
/// Not thread-safe: one thread uses a connection at a time (the pool hands
/// it over under its lock).
final class AdapterConnection: @unchecked Sendable {
  let command: [String]
  let limits: AdapterLimits
  private let shouldStop: @Sendable () -> Bool
  private let process: ChildProcess
  private var nextSeq = 1
  /// Unconsumed stdout bytes from `inputStart` on.
  private var inputBuffer: [UInt8] = []
  private var inputStart = 0
  /// Where reads land before they join `inputBuffer` (kept, not allocated
  /// and zeroed again for every read).
  private var readChunk = [UInt8](repeating: 0, count: 65_536)
  private var stderrTail: StderrTail
  /// The failure that ended this connection, if any.
  private(set) var failure: ImplementationError?
  /// What the adapter said in its `hello`, after ``handshake()``.
  private(set) var info: AdapterInfo?

  /// The minor version the harness offers in its `hello`.
  let offeredMinorVersion: Int

  /// Starts the adapter process (no handshake yet); `hello` will offer
  /// `offeredMinorVersion` (lower than this bridgecheck's to test what an
  /// older harness does).
  init(
    command: [String], limits: AdapterLimits, offeredMinorVersion: Int = AdapterProtocol.minorVersion,
    shouldStop: @escaping @Sendable () -> Bool
  ) throws(ImplementationError) {
    self.command = command
    self.limits = limits
    self.offeredMinorVersion = min(max(0, offeredMinorVersion), AdapterProtocol.minorVersion)
    self.shouldStop = shouldStop
    stderrTail = StderrTail(maxLines: max(1, limits.stderrTailLines))
    do {
      process = try ChildProcess.spawn(command)
    } catch {
      throw ImplementationError(spawning: error)
    }
  }

  deinit {
    process.kill()
  }

  var pid: Int32 { process.pid }
  var isUsable: Bool { failure == nil }

  /// The last lines the adapter wrote on stderr.
  var stderrText: String { stderrTail.text }

  // MARK: - Commands

  /// `hello`: checks the protocol version and reads the adapter's description.
  @discardableResult
  func handshake() throws(ImplementationError) -> AdapterInfo {
    let events =
      try exchange(
        .hello,
        ["protocol": .number(Double(AdapterProtocol.version)), "minor": .number(Double(offeredMinorVersion))],
        timeout: limits.helloTimeout
      ).last?.events ?? []
    let hellos = events.filter { AdapterProtocol.Event(of: $0) == .hello }
    guard hellos.count == 1, let hello = hellos.first else {
      throw fail(
        "handshake-failed",
        hellos.isEmpty
          ? "answered hello without a hello event (it must write {\"type\":\"hello\",\"protocol\":\(AdapterProtocol.version),…} before done)"
          : "answered hello with \(hellos.count) hello events")
    }
    do {
      let info = try AdapterInfo(hello: hello)
      self.info = info
      return info
    } catch {
      throw fail("handshake-failed", "failed the handshake: \(error.message)")
    }
  }

  /// The minor version both sides speak: the lower of the two (0 before the
  /// handshake).
  var minorVersion: Int { min(info?.minorVersion ?? 0, offeredMinorVersion) }

  /// Whether the conversation has protocol 1.2's pipelining and page script
  /// references.
  var pipelines: Bool { minorVersion >= AdapterProtocol.Pipelining.minorVersion }

  /// Whether the conversation has protocol 1.3: answers given inside the
  /// handler, `start` written early, the configuration sent once.
  var speaks13: Bool { minorVersion >= AdapterProtocol.ImmediateAnswers.minorVersion }

  /// Whether the conversation has protocol 1.4: long scripts and results
  /// cross as raw text blocks.
  var speaks14: Bool { minorVersion >= AdapterProtocol.TextBlocks.minorVersion }

  /// The page script of the last `start` the adapter accepted (1.2: a
  /// `start` with the same text sends `samePageScript` instead).
  private(set) var lastPageScript: String?
  /// The configuration of the last `start` the adapter accepted (1.3: a
  /// `start` with the same one sends `sameConfiguration` instead).
  private(set) var lastStartConfiguration: SessionConfiguration?

  /// Forgets the last `start` (one is being sent, or failed).
  func forgetLastStart() {
    lastPageScript = nil
    lastStartConfiguration = nil
  }

  /// Remembers the `start` just sent.
  func rememberStart(pageScript: String, configuration: SessionConfiguration) {
    lastPageScript = pageScript
    lastStartConfiguration = configuration
  }

  /// The `configuration` member of `start` for `configuration`, built once
  /// for as long as the scenarios keep the same one (a run mostly does).
  func configurationJSON(_ configuration: SessionConfiguration) -> JSONValue {
    if let last = lastConfiguration, last.configuration == configuration { return last.json }
    let json = AdapterProtocol.configurationJSON(configuration)
    lastConfiguration = (configuration, json)
    return json
  }

  private var lastConfiguration: (configuration: SessionConfiguration, json: JSONValue)?

  /// Whether commands were written whose answers have not been read (or
  /// not returned yet).
  var hasUnansweredCommands: Bool { !unanswered.isEmpty || !completed.isEmpty }

  /// Writes one command and returns the answers read up to and including
  /// its own (the last one): first those of commands written earlier with
  /// ``post(_:_:)``, in order. `timeout` replaces the command timeout for
  /// each answer.
  func exchange(_ type: AdapterProtocol.Command, _ fields: JSONObject = [:], timeout: Duration? = nil)
    throws(ImplementationError)
    -> [AdapterAnswer]
  {
    let seq = try writeCommand(type, fields, timeout: timeout)
    return try readAnswers(through: seq, timeout: timeout)
  }

  /// Writes one command without waiting for its answer (protocol 1.2's
  /// pipelined commands): the answer is read by the next ``exchange(_:_:timeout:)``
  /// or ``settle(timeout:)``.
  func post(_ type: AdapterProtocol.Command, _ fields: JSONObject = [:]) throws(ImplementationError) {
    _ = try writeCommand(type, fields, timeout: nil)
  }

  /// Reads the answers of every command written and not yet answered.
  func settle(timeout: Duration? = nil) throws(ImplementationError) -> [AdapterAnswer] {
    if let failure { throw failure }
    guard let last = unanswered.last else {
      defer { completed = [] }
      return completed
    }
    return try readAnswers(through: last.seq, timeout: timeout)
  }

  /// Ends the adapter: `exit`, a short wait, then SIGKILL if it is still there.
  func shutdown() {
    if failure == nil {
      _ = try? exchange(.exit, timeout: min(limits.commandTimeout, .seconds(1)))
    }
    process.terminate(grace: limits.exitGrace)
    if failure == nil {
      failure = ImplementationError(code: "closed", message: "the adapter connection was shut down")
    }
  }

  /// Kills the adapter at once (the connection becomes unusable).
  func kill(reason: ImplementationError) {
    process.kill()
    if failure == nil { failure = reason }
  }

  // MARK: - The loop

  /// A command written whose `done` has not been read yet.
  private struct Unanswered {
    let seq: Int
    let type: AdapterProtocol.Command
    let bytesWritten: Int
    var what: String { "command `\(type.rawValue)` (seq \(seq))" }
  }

  /// Commands written and not answered yet, oldest first.
  private var unanswered: [Unanswered] = []
  /// The events read so far for the oldest unanswered command.
  private var partialAnswer: [JSONObject] = []
  /// The bytes of the lines of `partialAnswer`.
  private var partialAnswerBytes = 0

  /// Numbers and serializes a command and writes it whole (reading the
  /// adapter's output meanwhile, so that neither side can block the other).
  private func writeCommand(_ type: AdapterProtocol.Command, _ fields: JSONObject, timeout: Duration?)
    throws(ImplementationError) -> Int
  {
    if let failure { throw failure }
    if unanswered.isEmpty { try checkNothingUnsolicited() }
    let seq = nextSeq
    nextSeq += 1
    // Written straight into a buffer kept from command to command.
    var line = commandLine
    commandLine = []
    line.removeAll(keepingCapacity: line.capacity <= 1 << 20)
    // 1.4: a long string result crosses as a block of raw text after the line.
    if speaks14, type == .evaluationResult, case .string(let text)? = fields[.result],
      text.utf8.count >= AdapterProtocol.TextBlocks.minimumBytes
    {
      var header = fields
      header.removeValue(forKey: "result")
      header[AdapterProtocol.TextBlocks.resultBytes] = .number(Double(text.utf8.count))
      header.appendSerializedUTF8(to: &line, type: type.rawValue, extra: ("seq", .number(Double(seq))))
      line.append(UInt8(ascii: "\n"))
      line.append(contentsOf: text.utf8)
    } else {
      fields.appendSerializedUTF8(to: &line, type: type.rawValue, extra: ("seq", .number(Double(seq))))
    }
    line.append(UInt8(ascii: "\n"))
    defer { commandLine = line }
    unanswered.append(Unanswered(seq: seq, type: type, bytesWritten: line.count))
    // The pipe almost always has room for the command: write it at once,
    // and poll only for what is left (one system call fewer per command).
    var written = writeSome(line, from: 0)
    if written < line.count {
      completed += try pump(line: line, written: &written, until: nil, timeout: timeout)
    }
    return seq
  }

  /// The buffer commands are written into (its capacity is kept).
  private var commandLine: [UInt8] = []

  /// Answers completed while a command was being written, not returned yet.
  private var completed: [AdapterAnswer] = []

  /// Reads answers until the one of `seq` is complete.
  private func readAnswers(through seq: Int, timeout: Duration?) throws(ImplementationError) -> [AdapterAnswer] {
    var written = 0
    let answers = try pump(line: [], written: &written, until: seq, timeout: timeout)
    defer { completed = [] }
    return completed + answers
  }

  /// The one loop: writes what is left of `line`, reads and parses output,
  /// drains stderr and watches the clock, until `line` is written and, when
  /// `target` is given, the answer of that command is read. Returns the
  /// answers completed meanwhile, oldest first.
  private func pump(line: [UInt8], written: inout Int, until target: Int?, timeout: Duration?)
    throws(ImplementationError)
    -> [AdapterAnswer]
  {
    let clock = ContinuousClock()
    let timeLimit = timeout ?? limits.commandTimeout
    // Each answer gets the whole limit from the moment it is waited for.
    var waitStarted = clock.now
    var deadline = waitStarted.advanced(by: timeLimit)
    var answers: [AdapterAnswer] = []
    var scanFrom = inputStart
    var readSinceAnswer = 0

    func finished() -> Bool {
      written >= line.count && (target.map { target in !unanswered.contains { $0.seq <= target } } ?? true)
    }

    while true {
      // Complete lines first: a `done` may already be buffered.
      while !finished() {
        guard let head = unanswered.first else {
          guard let newline = indexOfNewline(from: scanFrom) else { break }
          let text = String(decoding: inputBuffer[inputStart..<min(newline, inputStart + 200)], as: UTF8.self)
          throw fail(
            "out-of-sequence",
            "wrote output that answers no command (after the done of seq \(nextSeq - 1)): \(JSONValue.string(text))")
        }
        let event: JSONObject
        if let block = pendingBlock {
          // 1.4: the text block of the last line, once it is all here.
          guard inputBuffer.count - inputStart > block.length else { break }
          event = try completeBlock(block, what: head.what)
          scanFrom = inputStart
        } else {
          guard let newline = indexOfNewline(from: scanFrom) else { break }
          let lineStart = inputStart
          inputStart = newline + 1
          scanFrom = inputStart
          guard let parsed = try parseLine(inputBuffer[lineStart..<newline], what: head.what) else { continue }
          partialAnswerBytes += newline + 1 - lineStart
          if speaks14, let block = try textBlock(announcedBy: parsed, what: head.what) {
            pendingBlock = block
            continue
          }
          event = parsed
        }
        if AdapterProtocol.Event(of: event) == .done {
          guard let doneSeq = event.integer(.seq) else {
            throw fail("protocol-violation", "answered \(head.what) with a done event that has no integer `seq`")
          }
          guard doneSeq == head.seq else {
            throw fail(
              "out-of-sequence",
              "answered done with seq \(doneSeq) while \(head.what) was pending (done must repeat the seq of the command it ends, and commands are answered in order)"
            )
          }
          unanswered.removeFirst()
          answers.append(AdapterAnswer(command: head.type, seq: head.seq, events: partialAnswer))
          let answered = clock.now
          if AdapterTraffic.isCounting {
            AdapterTraffic.record(
              command: head.type.rawValue, written: head.bytesWritten, read: partialAnswerBytes,
              elapsed: answered - waitStarted)
          }
          partialAnswer = []
          partialAnswerBytes = 0
          readSinceAnswer = 0
          waitStarted = answered
          deadline = waitStarted.advanced(by: timeLimit)
          continue
        }
        partialAnswer.append(event)
        if partialAnswer.count > limits.maxEventsPerCommand {
          throw fail(
            "flood", "sent more than \(limits.maxEventsPerCommand) events for \(head.what); output stopped being read")
        }
      }
      if finished() {
        compactInput()
        return answers
      }
      if pendingBlock == nil { scanFrom = inputBuffer.count }

      // Named only for a message: building the text at every turn of the
      // loop was a measurable part of a round trip.
      var what: String { unanswered.first?.what ?? "a command" }
      if shouldStop() {
        throw fail("interrupted", "was stopped: the run was interrupted (Ctrl-C) while it was handling \(what)")
      }
      let now = clock.now
      if now >= deadline {
        if written < line.count {
          throw fail(
            "timeout",
            "did not read \(what) within \(timeLimit) (\(line.count - written) of \(line.count) bytes left; an adapter must keep reading its standard input)"
          )
        }
        throw fail("timeout", timeoutMessage(what: what, limit: timeLimit, bytesRead: readSinceAnswer))
      }

      var fds: [pollfd] = []
      let wantsWrite = written < line.count && process.input >= 0
      fds.append(pollfd(fd: process.output, events: Int16(POLLIN), revents: 0))
      fds.append(pollfd(fd: process.errorOutput, events: Int16(POLLIN), revents: 0))
      fds.append(pollfd(fd: wantsWrite ? process.input : -1, events: Int16(POLLOUT), revents: 0))
      let remaining = deadline - now
      let waitMilliseconds = max(
        1,
        min(100, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)))
      let ready = poll(&fds, nfds_t(fds.count), waitMilliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        throw fail("io-error", "could not be read: poll failed: \(String(cString: strerror(errno)))")
      }
      if ready == 0 { continue }

      if fds[1].revents != 0 { drainStandardError() }
      if wantsWrite && fds[2].revents != 0 {
        written = writeSome(line, from: written)
      }
      if fds[0].revents != 0 {
        let count = readStandardOutput()
        if count == 0 {
          throw fail(
            "crashed", "closed its output while handling \(what)" + exitSuffix(), waitForExit: true)
        }
        if count > 0 {
          readSinceAnswer += count
          // The answer being read: its complete lines and the line in progress.
          if partialAnswerBytes + (inputBuffer.count - inputStart) > limits.maxBytesPerCommand {
            throw fail(
              "flood",
              "wrote more than \(limits.maxBytesPerCommand / (1 << 20)) MiB of output for \(what); output stopped being read"
            )
          }
        }
      }
    }
  }

  /// Writes what it can of `line` from `offset` without blocking; returns the
  /// new offset. A broken pipe closes the input (the adapter closed stdin or
  /// died; its stdout says which).
  private func writeSome(_ line: [UInt8], from offset: Int) -> Int {
    guard offset < line.count, process.input >= 0 else { return offset }
    let result = withBrokenPipeSignalSuppressed {
      line.withUnsafeBytes { bytes in
        write(process.input, bytes.baseAddress! + offset, bytes.count - offset)
      }
    }
    if result > 0 { return offset + result }
    if result < 0 && errno != EAGAIN && errno != EINTR { process.closeInput() }
    return offset
  }

  /// Output that arrived between commands answers nothing: a second `done`,
  /// or events sent late, mean the adapter and the harness disagree.
  private func checkNothingUnsolicited() throws(ImplementationError) {
    var fds = [pollfd(fd: process.output, events: Int16(POLLIN), revents: 0)]
    if poll(&fds, 1, 0) > 0 {
      if readStandardOutput() == 0 {
        throw fail("crashed", "closed its output between commands" + exitSuffix(), waitForExit: true)
      }
    }
    let pending = inputBuffer[inputStart...]
    if pending.contains(where: { !Self.isWhitespace($0) }) {
      let text = String(decoding: pending.prefix(200), as: UTF8.self)
      throw fail(
        "out-of-sequence",
        "wrote output that answers no command (after the done of seq \(nextSeq - 1)): \(JSONValue.string(text))")
    }
  }

  /// Reads what stdout has; returns the byte count, 0 at end of file, -1 when
  /// nothing was ready.
  private func readStandardOutput() -> Int {
    var total = 0
    while true {
      let count = readChunk.withUnsafeMutableBytes { read(process.output, $0.baseAddress, $0.count) }
      if count > 0 {
        inputBuffer.append(contentsOf: readChunk[0..<count])
        total += count
        if count < readChunk.count || total >= 1 << 20 { return total }
        continue
      }
      if count == 0 { return total > 0 ? total : 0 }
      if errno == EINTR { continue }
      return total > 0 ? total : -1
    }
  }

  private func drainStandardError() {
    guard process.errorOutput >= 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 16_384)
    for _ in 0..<64 {
      let count = chunk.withUnsafeMutableBytes { read(process.errorOutput, $0.baseAddress, $0.count) }
      if count > 0 {
        stderrTail.append(chunk[0..<count])
        continue
      }
      if count == 0 { process.closeErrorOutput() }
      if count < 0 && errno == EINTR { continue }
      return
    }
  }

  private func indexOfNewline(from start: Int) -> Int? {
    Self.indexOfNewline(in: inputBuffer, from: start)
  }

  /// The index of the first `\n` of `buffer` at or after `start` (memchr:
  /// a megabyte line is scanned at memory speed, not byte by byte).
  static func indexOfNewline(in buffer: [UInt8], from start: Int) -> Int? {
    guard start < buffer.count else { return nil }
    return buffer.withUnsafeBytes { bytes -> Int? in
      guard let base = bytes.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(found))
    }
  }

  /// A script block announced by an `evaluate` line (1.4) and not read yet.
  private struct PendingTextBlock {
    /// The event, without its byte count member.
    var event: JSONObject
    /// The block's length in bytes (its newline not counted).
    let length: Int
  }

  /// The block the last event line announced, read when all of it is here.
  private var pendingBlock: PendingTextBlock?

  /// The block `event` announces (`scriptBytes` of an `evaluate` event), or
  /// nil when it announces none; throws when the announcement is wrong.
  private func textBlock(announcedBy event: JSONObject, what: @autoclosure () -> String) throws(ImplementationError)
    -> PendingTextBlock?
  {
    guard event[AdapterProtocol.TextBlocks.scriptBytes] != nil else { return nil }
    guard AdapterProtocol.Event(of: event) == .evaluate else {
      let type = event[.type]?.stringValue ?? ""
      throw fail(
        "protocol-violation",
        "sent `\(AdapterProtocol.TextBlocks.scriptBytes)` in a `\(type)` event while handling \(what()); only `evaluate` has a script block"
      )
    }
    guard let length = event.integer(AdapterProtocol.TextBlocks.scriptBytes), length >= 0, event[.script] == nil else {
      throw fail(
        "protocol-violation",
        "sent an `evaluate` event whose `\(AdapterProtocol.TextBlocks.scriptBytes)` is not a byte count (a non-negative integer, and no `script` beside it) while handling \(what())"
      )
    }
    guard partialAnswerBytes + length <= limits.maxBytesPerCommand else {
      throw fail(
        "flood",
        "announced a script block of \(length) bytes for \(what()), more than the \(limits.maxBytesPerCommand / (1 << 20)) MiB a command's answer may have"
      )
    }
    var header = event
    header.removeValue(forKey: AdapterProtocol.TextBlocks.scriptBytes)
    return PendingTextBlock(event: header, length: length)
  }

  /// The event of `block`, now that its bytes and newline are buffered from
  /// `inputStart`; consumes them.
  private func completeBlock(_ block: PendingTextBlock, what: @autoclosure () -> String) throws(ImplementationError)
    -> JSONObject
  {
    let end = inputStart + block.length
    guard inputBuffer[end] == UInt8(ascii: "\n") else {
      throw fail(
        "protocol-violation",
        "sent a script block that does not end with a newline after its \(block.length) bytes while handling \(what()) (`\(AdapterProtocol.TextBlocks.scriptBytes)` must count the block's UTF-8 bytes exactly)"
      )
    }
    guard let text = String(validating: inputBuffer[inputStart..<end], as: UTF8.self) else {
      throw fail("protocol-violation", "sent a script block that is not UTF-8 while handling \(what())")
    }
    var event = block.event
    event[.script] = .string(text)
    partialAnswerBytes += block.length + 1
    inputStart = end + 1
    pendingBlock = nil
    return event
  }

  private func compactInput() {
    if inputStart == inputBuffer.count {
      inputBuffer.removeAll(keepingCapacity: inputBuffer.count < 1 << 20)
      inputStart = 0
    } else if inputStart > 1 << 16 {
      inputBuffer.removeSubrange(0..<inputStart)
      inputStart = 0
    }
  }

  /// Parses one output line: nil for a blank line, the event otherwise.
  /// `what` names the command being answered, for messages (built only
  /// when one is needed).
  private func parseLine(_ bytes: ArraySlice<UInt8>, what: @autoclosure () -> String) throws(ImplementationError)
    -> JSONObject?
  {
    var line = bytes
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    if line.allSatisfy(Self.isWhitespace) { return nil }
    let value: JSONValue
    do {
      value = try JSONValue.parse(utf8: line)
    } catch {
      throw fail(
        "protocol-violation",
        "printed a line that is not JSON while handling \(what()): \(Self.excerpt(line)) (\(error)); stdout carries protocol lines only, diagnostics go to stderr"
      )
    }
    guard case .object(let object) = value, let type = object[.type]?.stringValue else {
      throw fail(
        "protocol-violation",
        "printed a line that is not an event while handling \(what()): \(Self.excerpt(line)) (every line must be a JSON object with a string `type`)"
      )
    }
    guard AdapterProtocol.Event.names.contains(type) else {
      throw fail(
        "protocol-violation",
        "sent an event of unknown type \(JSONValue.string(type)) while handling \(what()); known: \(AdapterProtocol.Event.names.sorted().joined(separator: ", "))"
      )
    }
    return object
  }

  private func timeoutMessage(what: String, limit: Duration, bytesRead: Int) -> String {
    var message = "sent no done for \(what) within \(limit)"
    let partial = inputBuffer.count - inputStart
    if partial > 0 {
      message +=
        "; it printed \(partial) byte(s) without ending the line (every line must end with \\n, and stdout must be flushed after each line)"
    } else if bytesRead == 0 {
      message +=
        "; it printed nothing (a hung adapter, or one whose stdout is buffered: flush stdout after every line, e.g. print(..., flush=True))"
    } else {
      message += "; its last line was not the done event"
    }
    return message
  }

  private func exitSuffix() -> String {
    process.waitForExit(timeout: .milliseconds(300))
    return process.exitDescription.map { ": it \($0)" } ?? ""
  }

  /// Ends the connection: collects the last stderr lines, kills the process
  /// and returns the error to throw.
  private func fail(_ code: String, _ message: String, waitForExit: Bool = false) -> ImplementationError {
    if let failure { return failure }
    // Let a dying adapter finish writing its last words (a traceback).
    let clock = ContinuousClock()
    let until = clock.now.advanced(by: waitForExit ? .milliseconds(300) : .milliseconds(20))
    while process.errorOutput >= 0 && clock.now < until {
      var fds = [pollfd(fd: process.errorOutput, events: Int16(POLLIN), revents: 0)]
      if poll(&fds, 1, 10) > 0 { drainStandardError() } else if !waitForExit { break }
    }
    process.kill()
    let error = ImplementationError(
      code: code, message: "adapter \(Self.describe(command)) \(message)", stderrTail: stderrTail.text)
    failure = error
    return error
  }

  // MARK: - Helpers

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
    let text = String(decoding: bytes.prefix(200), as: UTF8.self)
    return JSONValue.string(text).serialized() + (bytes.count > 200 ? "…" : "")
  }

  /// The command as one would type it.
  static func describe(_ command: [String]) -> String {
    "`" + command.map(ShellWords.quote).joined(separator: " ") + "`"
  }
}

/// The last lines of an adapter's stderr.
struct StderrTail {
  let maxLines: Int
  private var lines: [String] = []
  private var partial: [UInt8] = []
  static let maxLineBytes = 2_000

  init(maxLines: Int) { self.maxLines = maxLines }

  mutating func append(_ bytes: ArraySlice<UInt8>) {
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        push(partial)
        partial.removeAll(keepingCapacity: true)
      } else if partial.count < Self.maxLineBytes {
        partial.append(byte)
      }
    }
  }

  private mutating func push(_ bytes: [UInt8]) {
    var line = String(decoding: bytes, as: UTF8.self)
    if line.hasSuffix("\r") { line.removeLast() }
    lines.append(line)
    if lines.count > maxLines { lines.removeFirst(lines.count - maxLines) }
  }

  var text: String {
    var all = lines
    if !partial.isEmpty { all.append(String(decoding: partial, as: UTF8.self)) }
    return all.suffix(maxLines).joined(separator: "\n")
  }
}
