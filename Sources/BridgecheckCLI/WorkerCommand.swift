import ArgumentParser
import Exploration
import Foundation
import Supervision

/// `bridgecheck worker` (hidden): one worker process of `bridgecheck run`'s
/// supervisor. It reads its configuration and scenarios from standard input
/// (see `WorkerMessage` in the Supervision module); not for people.
struct WorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker", abstract: "Serve scenarios to a bridgecheck run supervisor (internal).",
    shouldDisplay: false)

  func run() throws {
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
