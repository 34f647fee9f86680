import BridgeImplementations
import JSONModel
import PageSimulation
import ProcessSupport
import ScenarioRunner
import WebViewHosting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The worker side (`bridgecheck worker`, started by the supervisor of
/// `bridgecheck run`): reads its configuration and then one scenario at a
/// time from standard input, runs each in a fresh page, and streams trace
/// events and results back (see ``WorkerMessage``). A later configuration
/// line replaces the implementations (``WorkerSession``).
///
/// A worker trusts nothing it runs: the supervisor kills it when a scenario
/// passes its wall-clock or memory limit, and starts another.
package enum WorkerService {
  /// The environment variable that gives a worker its share of the run's
  /// memory limit, in bytes (a real engine holds its web process to part of it).
  package static let memoryShareKey = "BRIDGECHECK_WORKER_MEMORY"

  /// The share of the run's memory limit this worker was given, if any.
  package static var memoryShare: Int? {
    getenv(memoryShareKey).flatMap { Int(String(cString: $0)) }
  }

  /// Serves until standard input ends; returns the exit status. Pages run
  /// in the engine each configuration names, made by `makeEngine` (the
  /// simulated page only, by default).
  package static func serve(makeEngine: WorkerEngineFactory = simulatedOnly) -> Int32 {
    // The protocol gets a descriptor of its own; standard output goes to
    // standard error, so that no stray print can corrupt the protocol.
    let channel = dup(STDOUT_FILENO)
    guard channel >= 0 else { return 3 }
    _ = fcntl(channel, F_SETFD, FD_CLOEXEC)
    dup2(STDERR_FILENO, STDOUT_FILENO)
    ProcessTree.dieWithParent()
    ProcessTree.becomeSubreaper()
    AdapterNativeImplementation.installTerminationHandlers()

    var input = LineReader()
    guard let first = input.readLine(from: STDIN_FILENO), let value = try? JSONValue.parse(first),
      let configurationValue = value["configure"],
      let configuration = WorkerConfiguration(wireValue: configurationValue)
    else {
      writeAll(WorkerMessage.setupFailed("the first line was not a worker configuration"), to: channel)
      return 2
    }
    var session: WorkerSession
    do {
      session = try WorkerSession(configuration, makeEngine: makeEngine)
    } catch {
      writeAll(WorkerMessage.setupFailed(error.description), to: channel)
      return 2
    }
    defer { session.shutdown() }
    writeAll(WorkerMessage.ready, to: channel)

    let scriptLimit = configuration.options.scriptTimeLimit
    let watch = StuckTaskWatch(limit: scriptLimit * 2) { spent in
      let message =
        "timeout: the page's code ran for \(Int(spent.components.seconds * 1000 + spent.components.attoseconds / 1_000_000_000_000_000)) ms "
        + "of CPU time with no sign of progress, past twice the script time limit of "
        + "\(Int(scriptLimit.components.seconds * 1000 + scriptLimit.components.attoseconds / 1_000_000_000_000_000)) ms, "
        + "in code the page's own limits cannot stop (a loop of bare `await`s?): bridgecheck ended the worker process "
        + "running it; the trace ends with the last events before that"
      writeAll(WorkerMessage.stuck(message), to: channel)
      _exit(70)
    }
    var fixtures = FixtureCache()
    let stream = TraceStream(path: getenv(TraceLog.environmentKey).map { String(cString: $0) })
    while let line = input.readLine(from: STDIN_FILENO) {
      guard let request = try? JSONValue.parse(line) else { continue }
      // Another configuration (the next mutant of the mutation matrix):
      // the implementations are built again; the worker process stays.
      if let value = request["configure"] {
        guard let next = WorkerConfiguration(wireValue: value) else {
          writeAll(WorkerMessage.setupFailed("a configure line was not a worker configuration"), to: channel)
          return 2
        }
        session.shutdown()
        do {
          session = try WorkerSession(next, makeEngine: makeEngine)
        } catch {
          writeAll(WorkerMessage.setupFailed(error.description), to: channel)
          return 2
        }
        continue
      }
      guard let file = request["run"]?["file"]?.stringValue, let id = request["run"]?["id"]?.stringValue else {
        continue
      }
      let result: ScenarioResult
      switch fixtures.fixture(file: file, id: id) {
      case .success(let fixture):
        stream.begin()
        watch?.progress()
        let observe: (TraceEvent) -> Void = { event in
          watch?.progress()
          stream.send(event)
          // Test faults strike at the first step, with the events so far
          // logged (as they are once a real scenario runs past the quiet period).
          if event.name == "step" && WorkerFault.isAsked(for: id) {
            stream.flush()
            WorkerFault.injectIfAsked(for: id, channel: channel)
          }
        }
        if let mode = session.configuration.runMode {
          // Each run of the mode logs its own trace: a worker killed in one
          // leaves that run's last events.
          result = mode.run(
            fixture, runner: session.runner,
            watch: WorkerRunWatch(progress: { watch?.progress() }, begin: { stream.begin() }, event: observe))
        } else {
          result = session.runner.run(fixture, traceObserver: observe)
        }
      case .failure(let failure):
        result = failure.result
      }
      watch?.progress()
      writeAll(WorkerMessage.result(session.outgoing(result)), to: channel)
      // What an adapter detached during the scenario (reparented here) ends
      // with it.
      if session.usesAdapter { ProcessTree.endOrphans() }
    }
    return 0
  }
}

extension WorkerService {
  /// The engine factory of a build without a real engine.
  package static func simulatedOnly(_ name: String) throws(WorkerSetupError) -> PageEngine {
    guard name == PageEngine.simulated.name else {
      throw WorkerSetupError("this bridgecheck was built without the engine \(name)", hint: nil)
    }
    return .simulated
  }
}

/// Fixtures a worker has loaded, by file.
private struct FixtureCache {
  private var loaded: [String: Fixture] = [:]

  mutating func fixture(file: String, id: String) -> Result<Fixture, ScenarioResultFailure> {
    if let fixture = loaded[file], fixture.id == id { return .success(fixture) }
    switch FixtureLoader().loadFile(file) {
    case .success(let fixture) where fixture.id == id:
      loaded[file] = fixture
      return .success(fixture)
    case .success(let fixture):
      return .failure(
        ScenarioResultFailure(id: id, file: file, message: "the worker found \(fixture.id) in \(file), not \(id)"))
    case .failure(let problems):
      return .failure(
        ScenarioResultFailure(id: id, file: file, message: "the worker could not load \(file): \(problems)"))
    }
  }
}

/// A fixture a worker could not load (it changed since the supervisor read
/// it): an error result.
private struct ScenarioResultFailure: Error {
  let result: ScenarioResult

  init(id: String, file: String, message: String) {
    result = ScenarioResult(
      scenario: ScenarioIdentity(id: id, title: id, area: "", level: .must, subject: .pair, spec: "", file: file),
      status: .error, message: message, detail: nil, duration: .zero, trace: [], traceEventCount: 0,
      failedChecks: [CheckID.harness])
  }
}

/// Writes trace events to the worker's trace log (``TraceLog``), a file the
/// supervisor reads only if the worker dies. A file, not the pipe: the
/// supervisor is not woken for every event.
///
/// Serialising every event would cost about a tenth of a scenario, and most
/// scenarios end within milliseconds: events are kept as they are until the
/// scenario has run for ``quietPeriod``, and from then on written out before
/// the page runs code of the bridge under test (a task, a step, an
/// evaluation), so that the file is current whenever the worker gets stuck
/// in that code. A worker that dies within the quiet period leaves no trace
/// excerpt (its message still says how it ended).
private final class TraceStream {
  private let fd: Int32
  private var pending: [TraceEvent] = []
  private var started = ContinuousClock.now
  private static let quietPeriod = Duration.milliseconds(50)
  private static let flushingEvents: Set<String> = [
    TraceEventName.task, TraceEventName.evaluate, TraceEventName.scriptRun, "step",
  ]

  init(path: String?) {
    fd = path.map { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) } ?? -1
  }

  /// Starts the log of a new scenario.
  func begin() {
    pending.removeAll(keepingCapacity: true)
    started = ContinuousClock.now
    guard fd >= 0 else { return }
    _ = ftruncate(fd, 0)
    _ = lseek(fd, 0, SEEK_SET)
  }

  func send(_ event: TraceEvent) {
    guard fd >= 0 else { return }
    pending.append(event)
    if Self.flushingEvents.contains(event.name) && ContinuousClock.now - started > Self.quietPeriod { flush() }
  }

  /// Writes out the events kept so far.
  func flush() {
    guard !pending.isEmpty else { return }
    writeAll(pending.map(WorkerMessage.event).joined(), to: fd)
    pending.removeAll(keepingCapacity: true)
  }
}
