import BridgeImplementations
import JSONModel
import ProcessSupport
import ScenarioRunner
import WebViewHosting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One worker process as its supervisor sees it: the child, what it has
/// written so far, and the scenario it is running.
final class WorkerProcess {
  /// A scenario handed to the worker.
  struct Job {
    let index: Int
    let fixture: Fixture
    let configuration: WorkerConfiguration
    let started: ContinuousClock.Instant
  }

  let process: ChildProcess
  /// Which of the pool's `jobs` places the worker holds (its CPU, when
  /// workers are pinned: ``WorkerCPUs``); a worker started in place of one
  /// that ended takes its place.
  let slot: Int
  private var output = LineReader()
  private var errors = LineReader()
  /// The end of what the worker wrote on standard error.
  private(set) var errorTail: [UInt8] = []
  /// The scenario running, if any.
  var job: Job?
  /// Why the worker ended itself, if it found its scenario stuck.
  var stuckReason: String?
  /// Where the worker logs the trace events of the scenario it runs.
  let traceLog: TraceLog
  /// The configuration last sent to the worker.
  private(set) var configuration: WorkerConfiguration?

  /// When memory was last measured, and the most seen.
  var lastMemoryCheck: ContinuousClock.Instant
  /// When the processes below the worker were last measured: an instant
  /// long past (``forgetTreeMeasurement(now:)``) until the worker is ready,
  /// as what is below it may still be starting, so the first look after
  /// that measures.
  var lastTreeCheck: ContinuousClock.Instant
  /// The resident memory of the processes below the worker (its adapters,
  /// the real engine's web and network processes) when last measured.
  var belowBytes = 0
  /// The resident memory of the worker and the processes below it when its
  /// scenario started (or, for a scenario handed to it while it was still
  /// setting up, when it was ready): what the scenario's own growth is
  /// measured from.
  var baselineBytes = 0
  /// Whether the worker said it is ready (its implementations built).
  var isReady = false
  /// Scenarios handed to this worker so far.
  private(set) var scenariosStarted = 0

  /// Measures ``baselineBytes`` now: the worker's own resident memory and
  /// what was last measured below it.
  func measureBaseline() {
    baselineBytes = (ProcessTree.residentBytes(of: pid) ?? 0) + belowBytes
  }

  static let errorTailBytes = 4096
  static let recentEventLimit = 60

  init(process: ChildProcess, slot: Int, traceLog: TraceLog, now: ContinuousClock.Instant) {
    self.process = process
    self.slot = slot
    self.traceLog = traceLog
    lastMemoryCheck = now
    lastTreeCheck = now
    forgetTreeMeasurement(now: now)
  }

  /// Makes the last measurement of the processes below the worker count as
  /// stale: for a new worker, and when the worker says it is ready (its
  /// adapter started), since what was measured while it set up may be less
  /// than what the adapter holds once it runs.
  func forgetTreeMeasurement(now: ContinuousClock.Instant) {
    lastTreeCheck = now.advanced(by: .seconds(-3600))
  }

  var pid: pid_t { process.pid }
  var isBusy: Bool { job != nil }

  /// Hands `fixture` to the worker, configuring it again first when the
  /// job's configuration is another; false when the worker is gone.
  func start(_ job: Job) -> Bool {
    self.job = job
    scenariosStarted += 1
    if job.configuration != configuration && !configure(job.configuration) { return false }
    guard process.input >= 0 else { return false }
    return withBrokenPipeSignalSuppressed {
      writeAll(WorkerMessage.run(file: job.fixture.file, id: job.fixture.id), to: process.input)
    }
  }

  /// Sends the configuration line.
  func configure(_ configuration: WorkerConfiguration) -> Bool {
    guard process.input >= 0 else { return false }
    self.configuration = configuration
    return withBrokenPipeSignalSuppressed {
      writeAll(WorkerMessage.configure(configuration), to: process.input)
    }
  }

  /// The descriptors to wait on.
  var descriptors: [Int32] { [process.output, process.errorOutput].filter { $0 >= 0 } }

  /// Reads what the worker wrote; returns the messages that arrived, and
  /// whether its output ended (it died or exited).
  func drain() -> (messages: [WorkerMessage.FromWorker], ended: Bool) {
    drainErrors()
    var messages: [WorkerMessage.FromWorker] = []
    guard process.output >= 0 else { return ([], true) }
    output.fill(from: process.output)
    while let line = output.nextLine() {
      guard let value = try? JSONValue.parse(String(decoding: line, as: UTF8.self)),
        let message = WorkerMessage.FromWorker(value)
      else { continue }
      messages.append(message)
    }
    return (messages, output.reachedEnd)
  }

  /// Reads what the worker wrote on standard error into ``errorTail``
  /// (again once it died: its last words may land after its output ended).
  func drainErrors() {
    guard process.errorOutput >= 0 else { return }
    errors.fill(from: process.errorOutput)
    let bytes = errors.remainder()
    guard !bytes.isEmpty else { return }
    errorTail.append(contentsOf: bytes)
    if errorTail.count > Self.errorTailBytes { errorTail.removeFirst(errorTail.count - Self.errorTailBytes) }
  }

  /// The worker's standard error, last lines, as text.
  var errorTailText: String {
    let text = String(decoding: errorTail, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).suffix(12)
    return lines.joined(separator: "\n")
  }

  /// Ends the worker and everything below it, and reaps them.
  func kill() {
    process.kill()
  }

  /// The last trace events of the scenario it ran, and how many there were.
  func lastEvents() -> (events: [TraceEvent], count: Int) {
    traceLog.lastEvents(Self.recentEventLimit)
  }
}
