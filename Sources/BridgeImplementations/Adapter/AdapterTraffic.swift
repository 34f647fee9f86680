import Synchronization

/// What the harness exchanged with adapter processes, summed over every
/// connection of this process: for measuring where the adapter path's time
/// goes (`bridgecheck-bench adapter`). Nothing is counted until the first
/// ``reset()``; counting then costs one uncontended lock per command.
package struct AdapterTraffic: Sendable, Hashable {
  /// Commands answered with `done`, by command type.
  package var commands: [String: Int] = [:]
  /// Bytes of command lines written.
  package var bytesWritten = 0
  /// Bytes of event lines read.
  package var bytesRead = 0
  /// Wall-clock time from writing each command to reading its `done`, summed,
  /// in nanoseconds.
  package var roundTripNanoseconds: Int64 = 0
  /// The same, by command type.
  package var roundTripNanosecondsByCommand: [String: Int64] = [:]
  /// Bytes of command lines written, by command type.
  package var bytesWrittenByCommand: [String: Int] = [:]
  /// Bytes of event lines read, by the type of the command they answered.
  package var bytesReadByCommand: [String: Int] = [:]

  /// Every command answered, of any type.
  package var commandCount: Int { commands.values.reduce(0, +) }

  /// The traffic so far.
  package static var current: AdapterTraffic { recorded.withLock { $0 } }

  /// Starts counting, from zero.
  package static func reset() {
    recorded.withLock { $0 = AdapterTraffic() }
    counting.store(true, ordering: .relaxed)
  }

  /// Whether commands are counted (from the first ``reset()`` on).
  static var isCounting: Bool { counting.load(ordering: .relaxed) }

  static func record(command: String, written: Int, read: Int, elapsed: Duration) {
    let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
    recorded.withLock { traffic in
      traffic.commands[command, default: 0] += 1
      traffic.bytesWritten += written
      traffic.bytesRead += read
      traffic.roundTripNanoseconds += nanoseconds
      traffic.roundTripNanosecondsByCommand[command, default: 0] += nanoseconds
      traffic.bytesWrittenByCommand[command, default: 0] += written
      traffic.bytesReadByCommand[command, default: 0] += read
    }
  }

  private static let recorded = Mutex(AdapterTraffic())
  private static let counting = Atomic(false)
}
