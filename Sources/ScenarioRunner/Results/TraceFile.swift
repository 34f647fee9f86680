import Foundation
import PageSimulation

/// A scenario's whole trace as a file, one JSON event a line, in trace order
/// (`run --traces DIR`, `fidelity --traces DIR`): what a reader needs when
/// the report's excerpt around the failure is not enough.
public enum TraceFile {
  /// `name` (a fixture id, a pair's name) as one path component: `/`
  /// becomes `--` and `:` becomes `-`, so `startup-queue/reset` is
  /// `startup-queue--reset`.
  public static func component(_ name: String) -> String {
    name.replacingOccurrences(of: "/", with: "--").replacingOccurrences(of: ":", with: "-")
  }

  /// The trace as text: one JSON object a line.
  public static func lines(_ trace: [TraceEvent]) -> String {
    trace.map { $0.json.serialized() + "\n" }.joined()
  }

  /// Writes `trace` to `path`, replacing the file.
  public static func write(_ trace: [TraceEvent], to path: String) throws {
    try lines(trace).write(toFile: path, atomically: true, encoding: .utf8)
  }
}
