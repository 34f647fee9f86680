import BridgeImplementations
import ProcessSupport
import ScenarioRunner

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The limits a supervisor enforces on its workers, from outside: whatever
/// the code under test does inside a worker, these hold.
package struct SupervisorLimits: Sendable, Hashable {
  /// How long past a scenario's wall-clock limit the worker is given to end
  /// it by itself (with its own, more precise error) before it is killed.
  package var grace: Duration
  /// The most resident memory the processes of the whole run may use, in
  /// bytes: each of the `jobs` workers (with every adapter below it) gets an
  /// equal share.
  package var memoryLimit: Int
  /// How often a busy worker's memory is measured.
  package var memoryInterval: Duration
  /// The part of its share an idle worker may hold (with the processes
  /// below it) and still get the next scenario: past it, a fresh worker
  /// takes the scenario. A worker's memory grows over hundreds of scenarios
  /// (a real engine's web process most), and a scenario that starts near the
  /// share would be killed for memory it did not use.
  package var reuseFraction: Double

  /// Creates limits; the defaults are those of `bridgecheck run`.
  package init(
    grace: Duration = .seconds(2), memoryLimit: Int = 2 << 30, memoryInterval: Duration = .milliseconds(10),
    reuseFraction: Double = 0.75
  ) {
    self.grace = grace
    self.memoryLimit = memoryLimit
    self.memoryInterval = memoryInterval
    self.reuseFraction = reuseFraction
  }
}

/// Why a supervised run stopped early.
package enum StopReason: Sendable, Hashable {
  /// SIGINT (Ctrl-C).
  case interrupt
  /// SIGTERM.
  case terminate

  /// How a scenario cut short reads.
  var description: String {
    switch self {
    case .interrupt: return "interrupted (Ctrl-C): the run was stopped while this scenario ran"
    case .terminate: return "interrupted (SIGTERM): the run was stopped while this scenario ran"
    }
  }
}

/// Runs scenarios in worker processes (`bridgecheck worker`) and owns their
/// clock and memory: the `bridgecheck run` supervisor.
///
/// - Each worker runs one scenario at a time in a fresh page and is reused
///   for the next, so a scenario costs about what it costs in process.
/// - A worker still busy `grace` past the scenario's wall-clock limit, or
///   whose processes pass the memory limit, is killed with everything below
///   it; the scenario ends as `error` with the reason and the last trace
///   events the worker streamed, and a fresh worker takes the next one.
/// - A worker that dies for any other reason (a crash of the engine) gives
///   `error` with how it ended and the end of its standard error.
/// - Workers are subreapers of what they start, and the `bridgecheck`
///   process that owns the pool is one too (`ProcessTree.becomeSubreaper()`,
///   its own choice: a test process must not be one), so no adapter, nor
///   anything an adapter detached, outlives the run.
package final class WorkerPool {
  private let executable: String
  private let configuration: WorkerConfiguration
  private let jobs: Int
  private let limits: SupervisorLimits
  private let environment: [String: String]
  /// The CPUs handed out to the workers (``WorkerCPUs``), empty when they
  /// are not pinned.
  private let workerCPUs: [Int]
  /// The workers alive, busy or idle.
  private(set) var workers: [WorkerProcess] = []
  private let clock = ContinuousClock()
  /// The most resident memory seen in one worker's processes, in bytes.
  package private(set) var peakWorkerMemory = 0
  /// How many workers were started in all.
  package private(set) var workersStarted = 0
  /// Idle workers replaced by fresh ones for their memory
  /// (``SupervisorLimits/reuseFraction``).
  package private(set) var workersReplaced = 0

  /// Creates a pool. `executable` is the `bridgecheck` binary that serves
  /// `worker`; `environment` is added to the workers'. With `pinsWorkers`
  /// (the default), each worker that runs an adapter shares a CPU of its own
  /// with it, when this thread may run on at least `jobs` CPUs
  /// (``WorkerCPUs``).
  package init(
    executable: String, configuration: WorkerConfiguration, jobs: Int, limits: SupervisorLimits = SupervisorLimits(),
    environment: [String: String] = [:], pinsWorkers: Bool = true
  ) {
    self.executable = executable
    self.configuration = configuration
    let jobs = max(1, jobs)
    self.jobs = jobs
    self.limits = limits
    let available = pinsWorkers ? CPUAffinity.threadCPUs() : []
    let first = CPUAffinity.currentCPU()
    workerCPUs = (0..<jobs).compactMap { WorkerCPUs.cpu(slot: $0, jobs: jobs, available: available, first: first) }
    // A crashing worker should die at once, not spend seconds symbolicating.
    self.environment = ["SWIFT_BACKTRACE": "enable=no"].merging(environment) { $1 }
  }

  deinit {
    stopAll()
    rmdir(logFolder)
  }

  /// A folder of this pool's own for the workers' trace logs.
  private let logFolder: String = {
    let base = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
    var template = Array((base + "/bridgecheck-workers-XXXXXX").utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) } ?? base
    }
  }()

  /// Runs `fixtures` and returns their results in fixture order. `progress`
  /// is called after each scenario; `stopReason` is polled often, and when it
  /// answers, every worker is killed at once, the scenarios in flight end as
  /// `error` saying so, and those not started are left out. Once
  /// `stopHandingOut` answers true (`--max-failures`), no more scenarios are
  /// started; those running finish, and those not started are left out.
  package func run(
    _ fixtures: [Fixture], progress: (Int, ScenarioResult) -> Void = { _, _ in },
    stopReason: () -> StopReason? = { nil }, stopHandingOut: () -> Bool = { false }
  ) -> [ScenarioResult] {
    run(WorkFeed(fixtures), progress: progress, stopReason: stopReason, stopHandingOut: stopHandingOut)
  }

  /// Runs `count` scenarios, each with the configuration its assignment
  /// names (a worker is configured again when its next scenario needs
  /// another: the mutation matrix runs every mutant on the same workers),
  /// and hands each result to `result` with its index as it arrives, in no
  /// particular order; nothing is kept here, so memory does not grow with
  /// `count`. Limits and stopping as in ``run(_:progress:stopReason:stopHandingOut:)``.
  package func run(
    count: Int, assignment: (Int) -> (fixture: Fixture, configuration: WorkerConfiguration),
    result: (Int, ScenarioResult) -> Void, stopReason: () -> StopReason? = { nil },
    stopHandingOut: () -> Bool = { false }
  ) {
    run(
      available: { (count, true) }, assignment: assignment, result: result, stopReason: stopReason,
      stopHandingOut: stopHandingOut)
  }

  /// Runs the fixtures of `feed` as they arrive, so that the first scenarios
  /// start while later fixtures are still being loaded, and returns their
  /// results in feed order once the feed has ended and every scenario handed
  /// out has finished. Limits and stopping as in
  /// ``run(_:progress:stopReason:stopHandingOut:)``.
  package func run(
    _ feed: WorkFeed<Fixture>, progress: (Int, ScenarioResult) -> Void = { _, _ in },
    stopReason: () -> StopReason? = { nil }, stopHandingOut: () -> Bool = { false }
  ) -> [ScenarioResult] {
    var results: [ScenarioResult?] = []
    var finished = 0
    let configuration = self.configuration
    run(
      available: {
        // Whether it ended first: the count read after an end is the last.
        let ended = feed.hasEnded
        return (feed.count, ended)
      },
      assignment: { index in
        // Handed out only below the count that arrived: never waits.
        guard let fixture = feed.item(at: index) else { preconditionFailure("fixture \(index) has not arrived") }
        return (fixture, configuration)
      },
      result: { index, result in
        if index >= results.count { results += repeatElement(nil, count: index - results.count + 1) }
        results[index] = result
        finished += 1
        progress(finished, result)
      }, stopReason: stopReason, stopHandingOut: stopHandingOut)
    return results.compactMap { $0 }
  }

  /// The run loop: `available` says how many scenarios can be handed out
  /// so far and whether that is all of them.
  private func run(
    available: () -> (count: Int, complete: Bool),
    assignment: (Int) -> (fixture: Fixture, configuration: WorkerConfiguration),
    result: (Int, ScenarioResult) -> Void, stopReason: () -> StopReason?, stopHandingOut: () -> Bool
  ) {
    var next = 0
    func finish(_ index: Int, _ outcome: ScenarioResult) {
      result(index, outcome)
    }
    while true {
      if let reason = stopReason() {
        // Every busy worker is signalled at once, then each is reaped (a real
        // engine's worker takes a moment to end with its web process).
        for worker in workers where worker.isBusy { worker.process.signalKill() }
        for worker in workers {
          if let job = worker.job {
            finish(job.index, ended(worker, job: job, reason: reason.description, check: CheckID.interrupted))
          }
        }
        stopAll()
        break
      }
      // Hand out scenarios: to idle workers, starting workers as needed.
      var (count, complete) = available()
      while next < count && !stopHandingOut() {
        let (fixture, jobConfiguration) = assignment(next)
        let worker: WorkerProcess
        if let idle = idleWorker(), !outgrewReuse(idle) {
          worker = idle
        } else if let idle = idleWorker() {
          // Replaced by a fresh one: see ``SupervisorLimits/reuseFraction``.
          retire(idle)
          workersReplaced += 1
          continue
        } else if workers.count < jobs {
          guard let started = startWorker(jobConfiguration) else {
            finish(next, startFailure(fixture))
            next += 1
            continue
          }
          worker = started
        } else {
          break
        }
        let job = WorkerProcess.Job(index: next, fixture: fixture, configuration: jobConfiguration, started: clock.now)
        next += 1
        if worker.isReady { worker.measureBaseline() }
        if !worker.start(job) {
          worker.job = nil
          finish(job.index, ended(worker, job: job, reason: nil))
          retire(worker)
        }
      }
      (count, complete) = available()
      if ((complete && next >= count) || stopHandingOut()) && !workers.contains(where: \.isBusy) { break }
      // A place for a scenario while the next fixture is still loading: look again soon.
      wait(briefly: !complete && next >= count && workers.filter(\.isBusy).count < jobs)
      for worker in workers {
        let (messages, outputEnded) = worker.drain()
        for message in messages {
          switch message {
          case .result(let result):
            if let job = worker.job {
              worker.job = nil
              finish(job.index, result)
            }
          case .setupFailed(let message):
            if let job = worker.job {
              worker.job = nil
              finish(job.index, failedResult(job.fixture, message: "the worker could not start: \(message)"))
            }
          case .stuck(let message):
            worker.stuckReason = message
          case .ready:
            worker.isReady = true
            worker.forgetTreeMeasurement(now: clock.now)
            if worker.isBusy { worker.measureBaseline() }
          }
        }
        if outputEnded {
          if let job = worker.job {
            worker.job = nil
            if let stuck = worker.stuckReason {
              finish(job.index, ended(worker, job: job, reason: stuck, check: CheckID.scriptTimeout))
            } else {
              finish(job.index, ended(worker, job: job, reason: nil))
            }
          }
          retire(worker)
        }
      }
      enforceLimits(finish: finish)
    }
  }

  // MARK: - Workers

  /// Starts up to `count` workers now (they set up while the caller loads
  /// fixtures), all `jobs` by default; ``run(_:progress:stopReason:)``
  /// starts the others as it needs them.
  package func prestart(count: Int? = nil) {
    while workers.count < min(jobs, count ?? jobs), startWorker() != nil {}
  }

  /// Whether an idle worker holds more than ``SupervisorLimits/reuseFraction``
  /// of its share: itself measured now, the processes below it as the
  /// memory watch last measured them if that was within 250 ms (as the
  /// watch counts them between its walks of `/proc`), or else measured now.
  /// A worker that has run nothing yet is never replaced (a fresh one would
  /// be no smaller).
  func outgrewReuse(_ worker: WorkerProcess) -> Bool {
    guard worker.isReady, worker.scenariosStarted > 0 else { return false }
    let share = Double(limits.memoryLimit / jobs)
    let own = ProcessTree.residentBytes(of: worker.pid) ?? 0
    guard Double(own) <= share * limits.reuseFraction else { return true }
    guard worker.configuration?.hasProcessesBelowWorker == true else { return false }
    let now = clock.now
    if now - worker.lastTreeCheck >= .milliseconds(250) {
      worker.lastTreeCheck = now
      worker.belowBytes = max(0, ProcessTree.residentBytes(ofTree: worker.pid) - own)
    }
    return Double(own + worker.belowBytes) > share * limits.reuseFraction
  }

  private func idleWorker() -> WorkerProcess? {
    workers.first { !$0.isBusy && $0.process.input >= 0 }
  }

  private func startWorker(_ configuration: WorkerConfiguration? = nil) -> WorkerProcess? {
    guard workers.count < jobs else { return nil }
    let log = TraceLog(path: logFolder + "/worker-\(workersStarted + 1).log")
    var environment = self.environment
    environment[TraceLog.environmentKey] = log.path
    let taken = Set(workers.map(\.slot))
    let slot = (0..<jobs).first { !taken.contains($0) } ?? workers.count
    if slot < workerCPUs.count { environment[WorkerCPUs.environmentKey] = String(workerCPUs[slot]) }
    environment[WorkerService.memoryShareKey] = String(limits.memoryLimit / jobs)
    guard let process = try? ChildProcess.spawn([executable, "worker"], environment: environment) else { return nil }
    let worker = WorkerProcess(process: process, slot: slot, traceLog: log, now: clock.now)
    workersStarted += 1
    guard worker.configure(configuration ?? self.configuration) else {
      worker.kill()
      return nil
    }
    workers.append(worker)
    return worker
  }

  private func retire(_ worker: WorkerProcess) {
    worker.kill()
    worker.traceLog.remove()
    workers.removeAll { $0 === worker }
  }

  /// Ends every worker: their standard input closes (they exit by
  /// themselves when idle), and whatever is left is killed.
  package func stopAll() {
    for worker in workers { worker.process.closeInput() }
    let deadline = clock.now.advanced(by: .milliseconds(500))
    for worker in workers {
      if !worker.isBusy { worker.process.waitForExit(timeout: max(deadline - clock.now, .zero)) }
      worker.kill()
      worker.traceLog.remove()
    }
    workers.removeAll()
    ProcessTree.endOrphans()
  }

  /// Kills every worker at once, with everything below it (nothing will be
  /// run: the supervisor found the run cannot go on).
  package func abandon() {
    for worker in workers { worker.process.signalKill() }
    for worker in workers {
      worker.kill()
      worker.traceLog.remove()
    }
    workers.removeAll()
    ProcessTree.endOrphans()
  }

  /// Waits until a worker writes something, or for the next check (a
  /// millisecond when `briefly`: a fixture being loaded may arrive).
  private func wait(briefly: Bool = false) {
    var descriptors = workers.flatMap(\.descriptors).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    guard !descriptors.isEmpty else {
      if briefly { usleep(1000) }
      return
    }
    let timeout = briefly ? 1 : Int32(limits.memoryInterval.milliseconds.rounded(.up))
    _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
  }

  // MARK: - Limits

  private func enforceLimits(finish: (Int, ScenarioResult) -> Void) {
    let now = clock.now
    let share = limits.memoryLimit / jobs
    for worker in workers {
      guard let job = worker.job else { continue }
      let wallClockLimit = job.configuration.wallClockLimit
      if now - job.started > wallClockLimit + limits.grace {
        worker.job = nil
        worker.kill()
        var result = ended(
          worker, job: job,
          reason: "timeout: the scenario did not end within its wall-clock limit of \(Self.seconds(wallClockLimit)) "
            + "(and a grace of \(Self.seconds(limits.grace))): bridgecheck killed the worker process running it. "
            + "The code under test kept the page busy where the page's own limits could not stop it; "
            + "the trace ends with the last events before that", check: CheckID.wallClock)
        result.hitWallClockLimit = true
        finish(job.index, result)
        retire(worker)
        continue
      }
      guard now - worker.lastMemoryCheck >= limits.memoryInterval else { continue }
      worker.lastMemoryCheck = now
      let own = ProcessTree.residentBytes(of: worker.pid) ?? 0
      var resident = own + worker.belowBytes
      if job.configuration.hasProcessesBelowWorker {
        // Adapters and a real engine's web and network processes run below
        // the worker: count them too (a walk of /proc, so less often; in
        // between, their last size counts).
        if now - worker.lastTreeCheck >= .milliseconds(250) || resident > share / 2 {
          worker.lastTreeCheck = now
          resident = ProcessTree.residentBytes(ofTree: worker.pid)
          worker.belowBytes = max(0, resident - own)
        }
      }
      peakWorkerMemory = max(peakWorkerMemory, resident)
      if resident > share {
        worker.job = nil
        worker.kill()
        let (reason, check) = outOfMemory(
          resident: resident, baseline: worker.isReady ? worker.baselineBytes : nil, share: share)
        let result = ended(worker, job: job, reason: reason, check: check)
        finish(job.index, result)
        retire(worker)
      }
    }
  }

  /// Why a worker was killed for its memory, told by what was measured:
  /// the scenario's own growth against the worker's size when it started.
  /// The code under test is blamed only when that growth is at least half
  /// the share (``CheckID/memoryLimit``); otherwise the share was too small
  /// for the worker itself (``CheckID/harness``).
  /// A worker not ready yet (`baseline` nil) passed its share while it was
  /// still setting up, and one already past its share when the scenario
  /// started (a fresh worker: one that grew so is replaced before its next
  /// scenario) was too big for it before the scenario did anything: the
  /// share is too small for it.
  func outOfMemory(resident: Int, baseline: Int?, share: Int) -> (reason: String, check: String) {
    let limit =
      jobs == 1
      ? "the limit of \(Self.megabytes(share)) (--memory-limit)"
      : "the worker's share of \(Self.megabytes(share)) (--memory-limit \(Self.megabytes(limits.memoryLimit)) "
        + "shared by \(jobs) workers)"
    guard let baseline else {
      let reason =
        "out of memory: the worker process used \(Self.megabytes(resident)) while it was still setting up, before "
        + "this scenario ran, past \(limit): bridgecheck killed it. The share is too small for bridgecheck's own "
        + "worker, not the code under test's doing; give a larger --memory-limit or fewer --jobs"
      return (reason, CheckID.harness)
    }
    if baseline > share {
      let reason =
        "out of memory: the worker process used \(Self.megabytes(baseline)) of bridgecheck's own when this scenario "
        + "started, already past \(limit), and \(Self.megabytes(resident)) when bridgecheck killed it. The share is "
        + "too small for bridgecheck's own worker, not the code under test's doing; give a larger --memory-limit or "
        + "fewer --jobs"
      return (reason, CheckID.harness)
    }
    let growth = max(0, resident - baseline)
    let measured =
      "the processes running this scenario grew by \(Self.megabytes(growth)) while it ran, from "
      + "\(Self.megabytes(baseline)) when it started to \(Self.megabytes(resident)), past \(limit): bridgecheck killed them"
    if growth >= share / 2 {
      let reason =
        "out of memory: \(measured). The code under test allocated without bound; "
        + "the trace ends with the last events before that"
      return (reason, CheckID.memoryLimit)
    }
    let reason =
      "out of memory: \(measured). The scenario itself added less than half the share: the share is too small "
      + "for this worker (\(Self.megabytes(baseline)) of bridgecheck's own when the scenario started), not the code "
      + "under test's doing; give a larger --memory-limit or fewer --jobs"
    return (reason, CheckID.harness)
  }

  // MARK: - Results of workers that did not answer

  /// The `error` result of a job whose worker ended without a result:
  /// `reason`, or how the worker ended and its last words.
  private func ended(
    _ worker: WorkerProcess, job: WorkerProcess.Job, reason: String?, check: String = CheckID.workerCrash
  ) -> ScenarioResult {
    var message: String
    if let reason {
      message = reason
    } else {
      // Its output ended as it died: let the exit land before asking how.
      worker.process.waitForExit(timeout: .seconds(1))
      worker.drainErrors()
      let how = worker.process.exitDescription ?? "stopped answering"
      message =
        "the worker process running this scenario \(how) before the scenario ended "
        + "(a crash of the engine, caused by the code under test or by bridgecheck)"
      let tail = worker.errorTailText
      if !tail.isEmpty { message += "; its standard error ended with:\n" + tail }
    }
    let (events, count) = worker.lastEvents()
    return ScenarioResult(
      scenario: ScenarioIdentity(job.fixture), status: .error, message: message, detail: nil,
      duration: clock.now - job.started, trace: events, traceEventCount: count, failedChecks: [check])
  }

  private func startFailure(_ fixture: Fixture) -> ScenarioResult {
    failedResult(fixture, message: "bridgecheck could not start a worker process (\(executable) worker)")
  }

  private func failedResult(_ fixture: Fixture, message: String) -> ScenarioResult {
    ScenarioResult(
      scenario: ScenarioIdentity(fixture), status: .error, message: message, detail: nil, duration: .zero, trace: [],
      traceEventCount: 0, failedChecks: [CheckID.harness])
  }

  private static func seconds(_ duration: Duration) -> String {
    let value = duration.milliseconds / 1000
    return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

  static func megabytes(_ bytes: Int) -> String {
    bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GB" : "\(bytes >> 20) MB"
  }
}
