import Foundation
import JSONModel
import WebViewHosting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file where a worker logs the trace events of the scenario it runs
/// (one `{"event": …}` line each, long strings cut), emptied at the start of
/// each scenario. The supervisor reads it only when the worker dies or is
/// killed, to show what happened last.
struct TraceLog {
  /// The environment variable that gives a worker the path of its log.
  static let environmentKey = "BRIDGECHECK_TRACE_LOG"
  /// The most of the file's end that is read.
  static let tailBytes = 512 << 10

  let path: String

  /// The last `limit` events of the log, and how many it holds in all.
  func lastEvents(_ limit: Int) -> (events: [TraceEvent], count: Int) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return ([], 0) }
    defer { close(fd) }
    var count = 0
    var tail: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      count += buffer[0..<got].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      tail.append(contentsOf: buffer[0..<got])
      if tail.count > 2 * Self.tailBytes { tail.removeFirst(tail.count - Self.tailBytes) }
    }
    let lines = tail.split(separator: UInt8(ascii: "\n")).suffix(limit)
    let events = lines.compactMap { line -> TraceEvent? in
      guard let value = try? JSONValue.parse(String(decoding: line, as: UTF8.self)) else { return nil }
      return value["event"].flatMap(TraceEvent.init(wireValue:))
    }
    return (events, count)
  }

  /// Removes the file.
  func remove() { unlink(path) }
}
