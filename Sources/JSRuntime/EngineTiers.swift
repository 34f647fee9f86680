import CJavaScriptCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The engine's compiler tiers for simulated pages: set once per process,
/// before the first virtual machine exists (see `ScriptContext`).
///
/// A scenario runs each function of a page a handful of times, on a page that
/// lives a few milliseconds, so the optimizing tier (DFG) compiles code that
/// is thrown away with the page, and the baseline tier pays off only for
/// loops. Measured on the default gate (release build, 2 cores, `--jobs 2`):
/// 2.0 s with the engine's defaults, 1.5 s with these settings, and the same
/// verdicts and traces (the tiers change speed, never results).
enum EngineTiers {
  /// Each option and its value; a `JSC_<name>` environment variable, read by
  /// the engine itself, takes precedence.
  static let settings: [(name: String, value: Setting)] = [
    ("useDFGJIT", .boolean(false)),
    ("thresholdForJITAfterWarmUp", .integer(100_000)),
    ("thresholdForJITSoon", .integer(100_000)),
  ]

  /// An option's value.
  enum Setting {
    case boolean(Bool)
    case integer(Int32)
  }

  /// Applies ``settings`` (no effect where the engine has no such API, or
  /// once a virtual machine exists).
  static func apply() {
    #if os(Linux)
      for (name, value) in settings where getenv("JSC_" + name) == nil {
        switch value {
        case .boolean(let flag): _ = jsc_options_set_boolean(name, flag ? 1 : 0)
        case .integer(let number): _ = jsc_options_set_int(name, number)
        }
      }
    #endif
  }
}
