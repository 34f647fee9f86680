import JSONModel

/// What the scenario runner sees of a web view: the native side's
/// ``WebViewHost``, plus what only a harness may do: give its own page-side
/// helpers a synchronous channel (host functions), run scripts as the page's
/// own code, drive the page's clock and read what the page did.
///
/// ``SimulatedWebView`` runs everything on a virtual clock, so that nothing
/// happens between two calls; a real engine maps virtual time onto real
/// timers (see `docs/webkit-engine.md`).
package protocol HarnessWebViewHost: WebViewHost {
  /// Installs a global function `name` in every page loaded from now on,
  /// before any user or page script runs: a channel from the harness's own
  /// page-side helpers to Swift that page code cannot intercept. It is
  /// called with the arguments as JSON and returns a value to the page (nil
  /// for `undefined`).
  func addHostFunction(named name: String, _ body: @escaping HostFunction)
  /// Installs a global function `name` like ``addHostFunction(named:_:)``
  /// whose result the page never reads (it returns `undefined`): a real
  /// engine may deliver the call a moment later, in order with everything
  /// else the page does, instead of stopping the page for it.
  func addHostRecorder(named name: String, _ body: @escaping ([JSONValue?]) -> Void)
  /// Adds a document-start script that stands for the page's own code (the
  /// harness's page-side helpers: a fixture's page handlers, the page
  /// bridge's options), run before every user script added after it. In the
  /// trace and in ``installedUserScripts`` it is a user script; a real
  /// engine runs it as the page's own code, so that what it throws is not
  /// muted as a user script's exception is (see `docs/webkit-engine.md`).
  func addPageHelperScript(_ script: PageScript)
  /// Loads a page (in a host task): a fresh page, document-start user
  /// scripts, the page's scripts, document-end user scripts, then the
  /// `DOMContentLoaded` and `load` events.
  func load(_ page: PageSource)
  /// Reloads the current page (in a host task): the page is destroyed and
  /// rebuilt from the same source; the web view and its handlers survive.
  func reload()

  /// The user scripts added so far, in the order they run.
  var installedUserScripts: [PageScript] { get }
  /// Runs `script` in the current page in a page task of its own, the way
  /// the page's own code runs: failures are uncaught page exceptions, and
  /// the script is not recorded as a host evaluation.
  func runInPage(_ script: PageScript)
  /// Runs `body` as a host task `milliseconds` from now (the native side's
  /// own timers, e.g. a scripted handler that answers late).
  func scheduleHostTask(after milliseconds: Int64, label: String, _ body: @escaping () -> Void)

  /// Runs tasks until none is pending or a budget runs out: `maxTasks`
  /// tasks, tasks due up to `maxTime` (nil: no limit), or `shouldStop`
  /// answering true between two tasks.
  @discardableResult
  func runUntilIdle(maxTasks: Int, maxTime: VirtualTime?, shouldStop: () -> Bool) -> SettleOutcome
  /// Moves the clock forward by `milliseconds`, running every task that
  /// falls due (at most `maxTasks`, stopping early when `shouldStop` says so).
  @discardableResult
  func advance(by milliseconds: Int64, maxTasks: Int, shouldStop: () -> Bool) -> SettleOutcome

  /// The tasks run so far in this web view (a real engine counts the host
  /// tasks it ran: the page's own timers are the engine's).
  var tasksRun: Int { get }
  /// The CPU time spent running the page since this web view was made: the
  /// driving thread's in the simulated page, the web process's in a real
  /// engine. What bounds a page that never goes idle.
  var pageCPUTime: Duration { get }
  /// Whether ``pageCPUTime`` is past `limit` (an engine may answer without
  /// reading its CPU clocks while it cannot be).
  func pageCPUTimeExceeds(_ limit: Duration) -> Bool
  /// The schedule explorer deciding this run's latencies, or nil for the
  /// default schedule (always nil in a real engine).
  var chooser: ScheduleChooser? { get }
  /// The first limit the page passed, or nil (see ``PageLimitViolation``):
  /// once set, the page cannot be judged.
  var limitViolation: PageLimitViolation? { get }
  /// Destroys the page and drops every pending task.
  func close()
}

extension HarnessWebViewHost {
  /// Reads ``pageCPUTime``.
  package func pageCPUTimeExceeds(_ limit: Duration) -> Bool { pageCPUTime > limit }

  /// A host function returning `undefined`: in the simulated page a call
  /// runs at once, which is also in order.
  package func addHostRecorder(named name: String, _ body: @escaping ([JSONValue?]) -> Void) {
    addHostFunction(named: name) { arguments in
      body(arguments)
      return nil
    }
  }

  /// A document-start user script: in the simulated page, user scripts and
  /// the page's own code report their errors alike.
  package func addPageHelperScript(_ script: PageScript) {
    addUserScript(script, injectionTime: .atDocumentStart)
  }
}
