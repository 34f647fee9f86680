#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Collects bytes read from a non-blocking pipe and hands out whole lines.
struct LineReader {
  private var buffer: [UInt8] = []
  private var scanned = 0
  private var chunk = [UInt8](repeating: 0, count: 65_536)
  /// Whether the writer closed its end.
  private(set) var reachedEnd = false

  /// Reads what the pipe `fd` has now (never blocks on a non-blocking fd).
  mutating func fill(from fd: Int32) {
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        if count < chunk.count { return }
        continue
      }
      if count == 0 {
        reachedEnd = true
        return
      }
      if errno == EINTR { continue }
      if errno != EAGAIN && errno != EWOULDBLOCK { reachedEnd = true }
      return
    }
  }

  /// The next whole line, without its newline; nil when none is complete.
  mutating func nextLine() -> [UInt8]? {
    guard let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
      scanned = buffer.count
      return nil
    }
    let line = Array(buffer[0..<newline])
    buffer.removeSubrange(0...newline)
    scanned = 0
    return line
  }

  /// Everything left without a newline (after the end).
  mutating func remainder() -> [UInt8] {
    defer {
      buffer.removeAll()
      scanned = 0
    }
    return buffer
  }
}

extension LineReader {
  /// The next line of the blocking descriptor `fd` (without its newline),
  /// waiting for it; at the end, what is left without a newline, then nil.
  /// (The worker's requests: Swift's `readLine` costs a fifth of a worker's
  /// time in glibc's `getline`, measured.)
  mutating func readLine(from fd: Int32) -> String? {
    while true {
      if let line = nextLine() { return String(decoding: line, as: UTF8.self) }
      if reachedEnd {
        let rest = remainder()
        return rest.isEmpty ? nil : String(decoding: rest, as: UTF8.self)
      }
      fill(from: fd)
    }
  }
}

/// Writes all of `text` to the blocking descriptor `fd`; false when the
/// reader is gone.
@discardableResult
func writeAll(_ text: String, to fd: Int32) -> Bool {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let count = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
    if count < 0 {
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK {
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, 100)
        continue
      }
      return false
    }
    offset += count
  }
  return true
}
