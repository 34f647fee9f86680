#if WebKitGTK
  import CWebKitGTK
  import Foundation

  /// The one thread that owns GTK and WebKit in this process: it calls
  /// `gtk_init` and then runs the default GLib main context, and every use
  /// of a web view is a closure run there (``run(_:)``). Work that waits for
  /// the engine (a load, an evaluation's completion) iterates the same main
  /// context from inside such a closure, so signals keep being delivered.
  final class EngineThread: @unchecked Sendable {
    /// The process's engine thread, started on first use; nil when GTK could
    /// not start (no display: run under `xvfb-run`).
    static let shared: EngineThread? = EngineThread()

    /// The most memory, in bytes, a web process of this process may use
    /// before WebKit ends it (nil: WebKit's own default). Read once, when
    /// ``shared`` starts: set it before.
    nonisolated(unsafe) static var webProcessMemoryLimit: Int?

    private let started = DispatchSemaphore(value: 0)
    private var ready = false
    /// The engine thread's id, set before ``shared`` is returned.
    private var threadID: pthread_t?

    /// Whether the caller runs on the engine thread (inside ``run(_:)`` or a
    /// signal handler), where ``run(_:)`` must not be called again.
    var isCurrent: Bool {
      guard let threadID else { return false }
      return pthread_equal(pthread_self(), threadID) != 0
    }

    /// Runs `body` on the engine thread: directly when already there.
    func perform<T>(_ body: @escaping () -> T) -> T {
      isCurrent ? body() : run(body)
    }

    private init?() {
      let thread = Thread { [unowned self] in self.main() }
      thread.name = "bridgecheck WebKitGTK"
      thread.start()
      started.wait()
      guard ready else { return nil }
    }

    private func main() {
      threadID = pthread_self()
      // Owned from the start: until this thread runs its loop, another
      // thread's g_main_context_invoke would otherwise acquire the context
      // and run its closure there, on the wrong thread (WebKit aborts when
      // a web view is made off the thread that started GTK: a worker's first
      // scenario arrives that soon).
      _ = g_main_context_acquire(nil)
      ready = gtk_init_check(nil, nil) != 0
      if ready { WebKitHostView.registerHostChannelScheme() }
      started.signal()
      guard ready else { return }
      let loop = g_main_loop_new(nil, 0)
      g_main_loop_run(loop)
    }

    /// Runs `body` on the engine thread and returns its result; the caller
    /// waits.
    func run<T>(_ body: @escaping () -> T) -> T {
      var result: T?
      let box = RunBox { result = body() }
      let pointer = Unmanaged.passRetained(box).toOpaque()
      g_main_context_invoke(
        nil,
        { data in
          let box = Unmanaged<RunBox>.fromOpaque(data!).takeUnretainedValue()
          box.body()
          box.done.signal()
          return 0  // G_SOURCE_REMOVE
        }, pointer)
      box.done.wait()
      Unmanaged<RunBox>.fromOpaque(pointer).release()
      return result!
    }

    /// Makes the process end without running the exit-time destructors of
    /// WebKit, registered after WebKit's own so that it runs before them:
    /// they assert that they run on the thread that started GTK, and a
    /// process ends on another one (measured: abort at exit in a test run).
    /// Standard streams are flushed first, and the exit status is kept.
    static func endProcessBeforeWebKitTeardown() {
      on_exit(
        { status, _ in
          fflush(nil)
          _exit(status)
        }, nil)
    }

    /// Iterates the engine's main context until `condition` holds or
    /// `seconds` pass; whether it holds. Only on the engine thread.
    static func spin(seconds: Double, until condition: () -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while !condition() {
        if Date() >= deadline { return false }
        g_main_context_iteration(nil, 0)
        if !condition() { usleep(200) }
      }
      return true
    }
  }

  /// A closure to run on the engine thread and its result.
  private final class RunBox: @unchecked Sendable {
    let body: () -> Void
    let done = DispatchSemaphore(value: 0)
    init(_ body: @escaping () -> Void) { self.body = body }
  }
#endif
