import ArgumentParser
import BridgeImplementations
import PageSimulation

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

  /// The engine, or a usage error that says what is missing and how to get
  /// it, starting with `asker` (what asked for the engine).
  func pageEngine(asker: String = "--engine webkitgtk") throws -> PageEngine {
    switch self {
    case .simulated:
      return .simulated
    case .webkitgtk:
      #if WebKitGTK
        do {
          let engine = try PageEngine.webKitGTK()
          // WebKit's helper processes are children of this one: the sweep
          // of an adapter's orphans must leave them alone.
          ProcessTree.spareOwnProcessGroup()
          return engine
        } catch {
          throw CLIError.usage("bridgecheck: \(asker): \(error)")
        }
      #else
        throw CLIError.usage(
          "bridgecheck: \(asker): this bridgecheck was built without the real engine\n"
            + "  hint: scripts/setup.sh --webkit installs WebKitGTK and Xvfb; build with "
            + "`swift build -c release --traits WebKitGTK` and run under `xvfb-run -a`")
      #endif
    }
  }
}
