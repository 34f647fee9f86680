import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawnp`, its standard streams connected
/// to non-blocking pipes held by this side.
///
/// - The child runs in a process group of its own, so a Ctrl-C typed at the
///   terminal reaches bridgecheck only: the harness decides when adapters end
///   (after the scenarios in flight), and ``kill()`` ends the whole group
///   (an adapter started through a wrapper script takes its children along).
/// - The pipes are created close-on-exec, so a child started by another worker
///   thread at the same moment never inherits them (an inherited write end
///   would hide this child's end of file).
/// - Every live child is listed in ``ChildProcessRegistry``, whose `atexit`
///   handler kills what is left when the harness exits.
///
/// Not thread-safe: one thread uses a process at a time (the adapter pool
/// hands it over under its lock).
package final class ChildProcess: @unchecked Sendable {
  /// The child's process id (also its process group id).
  package let pid: pid_t
  /// Write end of the child's standard input (non-blocking), -1 once closed.
  package private(set) var input: Int32
  /// Read end of the child's standard output (non-blocking), -1 once closed.
  package private(set) var output: Int32
  /// Read end of the child's standard error (non-blocking), -1 once closed.
  package private(set) var errorOutput: Int32
  /// The wait status once the child has been reaped.
  package private(set) var waitStatus: Int32?

  private init(pid: pid_t, input: Int32, output: Int32, errorOutput: Int32) {
    self.pid = pid
    self.input = input
    self.output = output
    self.errorOutput = errorOutput
  }

  deinit {
    kill()
  }

  /// Starts `arguments[0]` (looked up in `PATH` when it has no slash) with the
  /// remaining arguments and the harness's environment, with `environment`
  /// set on top of it.
  package static func spawn(
    _ arguments: [String], environment: [String: String] = [:]
  ) throws(SpawnError) -> ChildProcess {
    guard let program = arguments.first, !program.isEmpty else {
      throw SpawnError(reason: .emptyCommand, program: "", detail: "")
    }
    ChildProcessRegistry.installExitHandler()
    return try spawnLock.withLock { _ throws(SpawnError) -> ChildProcess in
      try spawnLocked(program: program, arguments: arguments, environment: environment)
    }
  }

  /// Runs `body` while no other thread of this process can start a child:
  /// a child spawned meanwhile is registered before `body` sees it.
  package static func withSpawnLock<T>(_ body: () -> T) -> T {
    spawnLock.withLock { _ in body() }
  }

  private static func spawnLocked(
    program: String, arguments: [String], environment: [String: String]
  ) throws(SpawnError) -> ChildProcess {
    var stdinPipe: [Int32] = [-1, -1]
    var stdoutPipe: [Int32] = [-1, -1]
    var stderrPipe: [Int32] = [-1, -1]
    func closeAll() {
      for fd in stdinPipe + stdoutPipe + stderrPipe where fd >= 0 { close(fd) }
    }
    guard makePipe(&stdinPipe), makePipe(&stdoutPipe), makePipe(&stderrPipe) else {
      let reason = String(cString: strerror(errno))
      closeAll()
      throw SpawnError(reason: .pipes, program: program, detail: reason)
    }
    Self.widen(stdinPipe[0])
    Self.widen(stdoutPipe[0])

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    // dup2 clears close-on-exec on the copies, so only fds 0, 1 and 2 reach the child.
    posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)

    var flags = Int32(POSIX_SPAWN_SETPGROUP) | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
    #if canImport(Darwin)
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    posix_spawnattr_setpgroup(&attributes, 0)
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let status: Int32
    if environment.isEmpty {
      status = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
    } else {
      let overridden = Set(environment.keys.map { $0 + "=" })
      var entries: [String] = []
      var index = 0
      while let entry = environ[index] {
        let text = String(cString: entry)
        if !overridden.contains(where: { text.hasPrefix($0) }) { entries.append(text) }
        index += 1
      }
      entries += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      let envp: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
      defer { for pointer in envp { free(pointer) } }
      status = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    }
    // The child's ends now belong to the child alone.
    close(stdinPipe[0])
    close(stdoutPipe[1])
    close(stderrPipe[1])
    guard status == 0 else {
      close(stdinPipe[1])
      close(stdoutPipe[0])
      close(stderrPipe[0])
      let hint =
        status == ENOENT
        ? " (no such program: check the command, or give a path)"
        : status == EACCES ? " (permission denied: is the file executable?)" : ""
      throw SpawnError(reason: .start, program: program, detail: "\(String(cString: strerror(status)))\(hint)")
    }
    ChildProcessRegistry.add(pid)
    for fd in [stdinPipe[1], stdoutPipe[0], stderrPipe[0]] {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    return ChildProcess(pid: pid, input: stdinPipe[1], output: stdoutPipe[0], errorOutput: stderrPipe[0])
  }

  /// Serialises pipe creation and spawning among the workers of this
  /// process where pipes cannot be created close-on-exec atomically.
  private static let spawnLock = Mutex(())

  /// The size asked for the command and event pipes: a megabyte payload then
  /// crosses in one or two wake-ups of the reader instead of one per 64 KB
  /// (the Linux default), which was a context switch every 64 KB.
  static let pipeCapacity: Int32 = 1 << 20

  /// Asks Linux to let the pipe of `fd` hold `pipeCapacity` bytes
  /// (`F_SETPIPE_SZ`); where that is refused (above
  /// /proc/sys/fs/pipe-max-size, or a user over their pipe quota) the pipe
  /// keeps its size, which only costs speed.
  private static func widen(_ fd: Int32) {
    #if os(Linux)
      let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, not exported by the Glibc module
      _ = fcntl(fd, setPipeSize, pipeCapacity)
    #endif
  }

  /// `pipe2(fds, O_CLOEXEC)` where the C library has it (looked up at run
  /// time: the Glibc module does not export it), else `pipe` + `fcntl`.
  private static func makePipe(_ fds: inout [Int32]) -> Bool {
    #if os(Linux)
      typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") {
        let pipe2 = unsafeBitCast(symbol, to: Pipe2.self)
        return fds.withUnsafeMutableBufferPointer { pipe2($0.baseAddress, Int32(O_CLOEXEC)) } == 0
      }
    #endif
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// Closes the child's standard input (it sees end of file).
  package func closeInput() {
    if input >= 0 {
      close(input)
      input = -1
    }
  }

  /// Closes the read end of standard output.
  package func closeOutput() {
    if output >= 0 {
      close(output)
      output = -1
    }
  }

  /// Closes the read end of standard error.
  package func closeErrorOutput() {
    if errorOutput >= 0 {
      close(errorOutput)
      errorOutput = -1
    }
  }

  /// Reaps the child if it has exited; returns whether it has.
  @discardableResult
  package func reapIfExited() -> Bool {
    if waitStatus != nil { return true }
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid {
      waitStatus = status
      ChildProcessRegistry.remove(pid)
      return true
    }
    if result < 0 && errno == ECHILD {
      // Reaped elsewhere (cannot happen in bridgecheck); treat as gone.
      waitStatus = 0
      ChildProcessRegistry.remove(pid)
      return true
    }
    return false
  }

  /// Waits up to `timeout` for the child to exit by itself.
  @discardableResult
  package func waitForExit(timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !reapIfExited() {
      if ContinuousClock.now >= deadline { return false }
      usleep(2_000)
    }
    return true
  }

  /// Sends SIGKILL to the child's process group without waiting: to end
  /// several children at once, signal them all first, then ``kill()`` each
  /// (which reaps it).
  package func signalKill() {
    guard waitStatus == nil else { return }
    _ = sendSignal(-pid, SIGKILL)
    _ = sendSignal(pid, SIGKILL)
  }

  /// Kills the child's process group (SIGKILL), reaps the child and closes
  /// every pipe. Safe to call more than once.
  package func kill() {
    closeInput()
    closeOutput()
    closeErrorOutput()
    if reapIfExited() {
      // The group may outlive its leader (an adapter started through a
      // wrapper that exited first).
      _ = sendSignal(-pid, SIGKILL)
    } else {
      _ = sendSignal(-pid, SIGKILL)
      _ = sendSignal(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      waitStatus = status
      ChildProcessRegistry.remove(pid)
    }
    // What the child left behind (its own children, detached or not) was
    // reparented to this process if it is a subreaper: end it too.
    ProcessTree.endOrphans()
  }

  /// Asks the child to end (its stdin closed), waits `grace`, then kills it.
  package func terminate(grace: Duration) {
    closeInput()
    if !waitForExit(timeout: grace) { kill() }
    kill()  // closes the remaining pipes; the child is already reaped
  }

  /// How the child ended, in words (`exited with status 3`, `was killed by
  /// signal 11 (SIGSEGV)`), or nil while it runs.
  package var exitDescription: String? {
    guard let status = waitStatus else { return nil }
    return Self.describe(waitStatus: status)
  }

  package static func describe(waitStatus status: Int32) -> String {
    let low = status & 0x7f
    if low == 0 { return "exited with status \((status >> 8) & 0xff)" }
    if low != 0x7f {
      let name = signalNames[low].map { " (\($0))" } ?? ""
      return "was killed by signal \(low)\(name)" + ((status & 0x80) != 0 ? ", core dumped" : "")
    }
    return "stopped (wait status \(status))"
  }

  private static let signalNames: [Int32: String] = [
    SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
    SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
    SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
  ]
}

/// `kill(2)`, under a name that does not clash with ``ChildProcess/kill()``.
@inline(__always)
private func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 {
  kill(pid, signal)
}

/// Every adapter child still alive, so that none outlives the harness.
package enum ChildProcessRegistry {
  private static let live = Mutex<Set<pid_t>>([])
  private static let exitHandler = Mutex(false)

  /// The same process ids in a fixed table that a signal handler can read
  /// without taking a lock (0 marks a free slot).
  private static let slotCount = 1024
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Int32> = {
    let slots = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
    slots.initialize(repeating: 0, count: slotCount)
    return slots
  }()

  static func add(_ pid: pid_t) {
    live.withLock { live in
      live.insert(pid)
      if let free = (0..<slotCount).first(where: { slots[$0] == 0 }) { slots[free] = pid }
    }
  }

  static func remove(_ pid: pid_t) {
    live.withLock { live in
      live.remove(pid)
      if let slot = (0..<slotCount).first(where: { slots[$0] == pid }) { slots[slot] = 0 }
    }
  }

  /// Makes SIGTERM and SIGHUP kill every adapter child before bridgecheck
  /// dies of them (they skip `atexit`). Only signals still at their default
  /// disposition are taken; the handler then restores it and re-raises.
  package static func installTerminationHandlers() {
    _ = slots
    for signalNumber in [SIGTERM, SIGHUP] {
      var current = sigaction()
      guard sigaction(signalNumber, nil, &current) == 0 else { continue }
      #if canImport(Darwin)
        let isDefault = current.__sigaction_u.__sa_handler == nil
      #else
        let isDefault = current.__sigaction_handler.sa_handler == nil
      #endif
      guard isDefault else { continue }
      signal(signalNumber) { received in
        ChildProcessRegistry.killFromSignalHandler()
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// Async-signal-safe: `kill` only, on the lock-free table.
  private static func killFromSignalHandler() {
    for index in 0..<slotCount {
      let pid = slots[index]
      if pid > 0 {
        _ = kill(-pid, SIGKILL)
        _ = kill(pid, SIGKILL)
      }
    }
  }

  /// The process ids of the children alive now.
  package static var pids: Set<pid_t> { live.withLock { $0 } }

  /// Registers (once) an `atexit` handler that kills every child left.
  package static func installExitHandler() {
    exitHandler.withLock { installed in
      guard !installed else { return }
      installed = true
      atexit { ChildProcessRegistry.killAll() }
    }
  }

  /// Kills and reaps every child still alive.
  package static func killAll() {
    let pids = live.withLock { pids in
      defer { pids.removeAll() }
      return pids
    }
    for pid in pids {
      _ = kill(-pid, SIGKILL)
      _ = kill(pid, SIGKILL)
    }
    for pid in pids {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }
}

/// Runs `body` with SIGPIPE blocked on this thread, then discards a SIGPIPE
/// that a write to a dead child's pipe raised meanwhile: the write fails with
/// `EPIPE` instead of killing the harness, and nothing changes for the rest
/// of the process.
package func withBrokenPipeSignalSuppressed<T>(_ body: () -> T) -> T {
  var blocked = sigset_t()
  sigemptyset(&blocked)
  sigaddset(&blocked, SIGPIPE)
  var previous = sigset_t()
  pthread_sigmask(SIG_BLOCK, &blocked, &previous)
  var pendingBefore = sigset_t()
  sigpending(&pendingBefore)
  let alreadyPending = sigismember(&pendingBefore, SIGPIPE) == 1
  let result = body()
  if !alreadyPending {
    var pending = sigset_t()
    sigpending(&pending)
    if sigismember(&pending, SIGPIPE) == 1 {
      #if canImport(Darwin)
        var signal: Int32 = 0
        sigwait(&blocked, &signal)
      #else
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&blocked, nil, &zero)
      #endif
    }
  }
  pthread_sigmask(SIG_SETMASK, &previous, nil)
  return result
}
