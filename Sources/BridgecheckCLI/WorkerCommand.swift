import ArgumentParser
import Exploration
import Foundation
import Supervision

/// `bridgecheck worker` (hidden): one worker process of `bridgecheck run`'s
/// supervisor. It reads its configuration and scenarios from standard input
/// (see `WorkerMessage` in the Supervision module); not for people.
struct WorkerCommand: ParsableCommand {
  /// The subcommand's name, the one argument the supervisor starts a worker with.
  static let name = "worker"

  static let configuration = CommandConfiguration(
    commandName: name, abstract: "Serve scenarios to a bridgecheck run supervisor (internal).",
    shouldDisplay: false)

  func run() throws {
    Self.serve()
  }

  /// Serves until standard input ends, then exits with the service's status.
  static func serve() -> Never {
    // Ctrl-C at the terminal is the supervisor's to handle.
    signal(SIGINT, SIG_IGN)
    ExplorationRunMode.register()
    let share = WorkerService.memoryShare
    let status = WorkerService.serve { name throws(WorkerSetupError) in
      try EngineChoice.workerEngine(named: name, memoryShare: share)
    }
    Foundation.exit(status)
  }
}
