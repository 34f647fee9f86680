import ArgumentParser
import BridgeImplementations
import Foundation
import PageSimulation
import ProcessSupport
import Supervision
import WebViewHosting

#if WebKitGTK
  import WebKitEngine
#endif

/// `run --engine`: where the pages of a run live.
enum EngineChoice: String, ExpressibleByArgument, CaseIterable {
  /// The simulated page on a virtual clock (the default).
  case simulated
  /// A real WebKitGTK web view per scenario (a build with the `WebKitGTK`
  /// trait, on a display or under `xvfb-run`).
  case webkitgtk

  /// The WebKitGTK library this build runs (e.g. `2.50.6`), or nil in a build without it.
  static var webKitVersion: String? {
    #if WebKitGTK
      return WebKitPage.engineVersion
    #else
      return nil
    #endif
  }

  /// Checks, without starting it, that this build has the engine, and
  /// gives it a display when there is none (a ``VirtualDisplay`` of its
  /// own): what a supervisor does before its workers start the engine each
  /// for itself. A usage error says what is missing and how to get it.
  func checkAvailable(asker: String = "--engine webkitgtk") throws {
    switch self {
    case .simulated:
      return
    case .webkitgtk:
      #if WebKitGTK
        try VirtualDisplay.ensure(asker: asker)
      #else
        _ = try pageEngine(asker: asker)
      #endif
    }
  }

  /// The engine a worker process makes for its pages (each worker its own
  /// GTK, display connection, web view and web process); the web process is
  /// held to part of `memoryShare` (the worker's share of the run's memory
  /// limit, in bytes) where the engine can.
  static func workerEngine(named name: String, memoryShare: Int?) throws(WorkerSetupError) -> PageEngine {
    switch EngineChoice(rawValue: name) {
    case .simulated?:
      return .simulated
    case .webkitgtk?:
      #if WebKitGTK
        do {
          let engine = try PageEngine.webKitGTK(webProcessMemoryLimit: memoryShare.map { $0 / 5 * 3 })
          ProcessTree.spareOwnProcessGroup()
          return engine
        } catch {
          throw WorkerSetupError("\(error)", hint: "run under `xvfb-run -a`, or set DISPLAY")
        }
      #else
        throw WorkerSetupError("this bridgecheck was built without the real engine", hint: nil)
      #endif
    case nil:
      throw WorkerSetupError("no engine named \(name)", hint: nil)
    }
  }

  /// The engine, or a usage error that says what is missing and how to get
  /// it, starting with `asker` (what asked for the engine).
  func pageEngine(asker: String = "--engine webkitgtk") throws -> PageEngine {
    switch self {
    case .simulated:
      return .simulated
    case .webkitgtk:
      #if WebKitGTK
        try VirtualDisplay.ensure(asker: asker)
        do {
          let engine = try PageEngine.webKitGTK()
          // WebKit's helper processes are children of this one: the sweep
          // of an adapter's orphans must leave them alone.
          ProcessTree.spareOwnProcessGroup()
          return engine
        } catch {
          throw CLIError.usage("\(asker): \(error)")
        }
      #else
        throw CLIError.usage(
          "\(asker): this bridgecheck was built without the real engine",
          hint: "scripts/setup.sh --webkit installs WebKitGTK and Xvfb; build with "
            + "`swift build -c release --traits WebKitGTK` and run under `xvfb-run -a`")
      #endif
    }
  }
}
