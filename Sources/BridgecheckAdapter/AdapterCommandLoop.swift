import JSONModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the command loop hands each command to: the part of an adapter that
/// knows what the commands mean (a native bridge behind them).
public protocol AdapterCommandPerformer: AnyObject {
  /// Whether this conversation speaks 1.4, where an `evaluationResult`
  /// with `resultBytes` is followed by its result as a text block.
  var readsTextBlocks: Bool { get }
  /// True once `exit` has been performed: the loop then writes what is
  /// left and returns.
  var exitRequested: Bool { get }
  /// Performs one command, writing the events it causes to `output`; the
  /// loop ends the answer with `done`. A thrown error becomes an `error`
  /// event before the `done`.
  func perform(_ command: JSONObject, output: AdapterOutput) throws(AdapterProtocolError)
}

/// The adapter side of the adapter protocol's framing: reads command lines
/// (and 1.4 text blocks) from standard input, hands each command to an
/// ``AdapterCommandPerformer``, ends its answer with `done`, and writes the
/// answers of every command it has read in one write before it waits for
/// more input (commands that came together, as 1.2's pipelined ones do, are
/// answered together).
///
/// Runs on the calling thread; blank lines are ignored, a line that is not
/// a JSON object is answered with an `error` event.
public final class AdapterCommandLoop<Performer: AdapterCommandPerformer> {
  /// What performs the commands.
  public let performer: Performer
  /// Where the events go until they are written.
  public let output: AdapterOutput

  /// Creates a loop for `performer`, whose events go to `output`.
  public init(performer: Performer, output: AdapterOutput) {
    self.performer = performer
    self.output = output
  }

  /// Serves commands from `input` until `exit` or end of file; returns the
  /// exit status (0, or 1 when the input cannot be read or the output
  /// cannot be written).
  public func run(input: Int32 = 0, output outputFD: Int32 = 1) -> Int32 {
    var buffer: [UInt8] = []
    var start = 0
    // Where the search for the next newline goes on: a long line arriving
    // in many reads is scanned once, not again after every read.
    var scanned = 0
    var answers: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    // 1.4: a command whose text block is still being read (the command
    // line is consumed; the block starts at `start`).
    var awaitingBlock: (command: JSONObject, length: Int)?
    while !performer.exitRequested {
      if let (command, length) = awaitingBlock {
        if buffer.count - start > length {
          answers.append(contentsOf: handle(command, block: buffer[start..<start + length + 1]))
          awaitingBlock = nil
          start += length + 1
          scanned = start
          if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
          }
          continue
        }
      } else if let newline = Self.indexOfNewline(in: buffer, from: max(start, scanned)) {
        let parsed = parse(line: buffer[start..<newline])
        start = newline + 1
        scanned = start
        // (A `resultBytes` that is no byte count is reported by the performer.)
        if performer.readsTextBlocks, case .command(let command) = parsed,
          let length = command.integer(.resultBytes), length >= 0
        {
          awaitingBlock = (command, length)
          continue
        }
        answers.append(contentsOf: handle(parsed))
        if start == buffer.count {
          buffer.removeAll(keepingCapacity: true)
          start = 0
          scanned = 0
        }
        continue
      }
      scanned = buffer.count
      // Everything read is answered: write the answers in one go.
      if !answers.isEmpty {
        guard Self.writeAll(answers, to: outputFD) else { return 1 }
        answers.removeAll(keepingCapacity: answers.count < 1 << 20)
      }
      if start > 0 {
        buffer.removeSubrange(0..<start)
        scanned -= start
        start = 0
      }
      let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        return 0
      } else if errno != EINTR {
        return 1
      }
    }
    return Self.writeAll(answers, to: outputFD) ? 0 : 1
  }

  /// Handles one command line; returns the bytes to write (its events and
  /// `done`, one per line).
  public func handle(line: ArraySlice<UInt8>) -> [UInt8] {
    handle(parse(line: line))
  }

  /// A command line, parsed.
  private enum ParsedLine {
    case blank
    case command(JSONObject)
    case invalid(String)
  }

  private func parse(line: ArraySlice<UInt8>) -> ParsedLine {
    var text = line
    if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
    if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .blank }
    do {
      guard case .object(let object) = try JSONValue.parse(utf8: text) else {
        return .invalid("a command must be a JSON object")
      }
      return .command(object)
    } catch {
      return .invalid("a command is not valid JSON: \(error)")
    }
  }

  private func handle(_ parsed: ParsedLine) -> [UInt8] {
    switch parsed {
    case .blank: return []
    case .invalid(let message):
      output.emit(.error, ["message": .string(message)])
    case .command(let command):
      answer(command)
    }
    return output.take()
  }

  /// Handles a command whose `resultBytes` announced `block` (the text
  /// and the newline after it): the text becomes its `result`.
  private func handle(_ command: JSONObject, block: ArraySlice<UInt8>) -> [UInt8] {
    var command = command
    let length = block.count - 1
    if block.last != UInt8(ascii: "\n") {
      output.emit(
        .error,
        [
          "message": .string(
            "the result block does not end with a newline after its \(length) bytes (`resultBytes` must count the block's UTF-8 bytes exactly)"
          )
        ])
      output.emit(.done, ["seq": command[.seq] ?? .null])
      return output.take()
    }
    guard let text = String(validating: block.dropLast(), as: UTF8.self) else {
      output.emit(.error, ["message": "the result block is not UTF-8"])
      output.emit(.done, ["seq": command[.seq] ?? .null])
      return output.take()
    }
    command[.resultBytes] = nil
    command[.result] = .string(text)
    answer(command)
    return output.take()
  }

  /// Performs a command and ends its answer with `done`.
  private func answer(_ command: JSONObject) {
    let seq = command[.seq] ?? .null
    do throws(AdapterProtocolError) {
      try performer.perform(command, output: output)
    } catch {
      output.emit(.error, ["message": .string(error.message)])
    }
    output.emit(.done, ["seq": seq])
  }

  /// The index of the first newline in `bytes` at or after `from`.
  static func indexOfNewline(in buffer: [UInt8], from start: Int) -> Int? {
    guard start < buffer.count else { return nil }
    return buffer.withUnsafeBytes { bytes -> Int? in
      guard let base = bytes.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(found))
    }
  }

  private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return false
      }
    }
    return true
  }
}
