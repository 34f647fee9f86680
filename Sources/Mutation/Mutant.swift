import BridgeImplementations
import Exploration
import JSONModel
import WebViewHosting

/// A deliberately broken bridge with exactly one realistic bug, used to prove
/// that fixtures catch what they claim to catch.
package struct Mutant: Sendable, Hashable {
  /// Which side the bug is on.
  package enum Side: String, Sendable, Hashable, CaseIterable {
    case page, native
  }

  /// How the broken bridge is made from the reference.
  package enum Construction: Sendable, Hashable {
    /// The reference page bridge with text replacements applied.
    case pagePatch([Replacement])
    /// The reference native bridge with a named fault switched on.
    case nativeFault(String)
    /// One of bridgecheck's own dialect bridges (`conformance/dialects/`)
    /// with text replacements applied to its page script or native side;
    /// run under the dialect's profile with that bridge's other side.
    case dialectPatch(DialectPatch)
  }

  /// A patch of one file of a dialect bridge.
  package struct DialectPatch: Sendable, Hashable {
    /// The dialect bridge the file belongs to.
    package var bridge: DialectBridge
    /// The patched file (the bridge's page script, or a word of its native
    /// command), as the bridge names it.
    package var file: String
    /// The replacements, each of text found exactly once in the file.
    package var replacements: [Replacement]
  }

  /// One text replacement in the reference page bridge.
  package struct Replacement: Sendable, Hashable {
    /// Text that must occur exactly once in the reference.
    package var find: String
    /// What it becomes.
    package var replace: String
  }

  /// Unique name, e.g. `page-timestamp-only-ids`.
  package var name: String
  /// The side the bug is on.
  package var side: Side
  /// The bug, in one sentence.
  package var bug: String
  /// Where bridges in the wild have it.
  package var seenIn: String
  /// How it is built.
  package var construction: Construction
  /// Whether the bug makes the bridge crash (trap), so that it must run in
  /// a separate process.
  package var crashes: Bool
  /// The definition file.
  package var file: String
  /// Why the mutant cannot be judged yet (its dialect's model is not
  /// complete), or nil: such a mutant is listed in the report and in the
  /// expected matrix with the reason, and not run.
  package var notYetJudged: String? = nil
  /// Why a real engine may not catch the bug every time (`engineTiming` in
  /// the file): it shows only under the timing the simulated page fixes
  /// (two calls in one millisecond of its clock, a signal that arrives while
  /// a fetch is pending). `bridgecheck fidelity` lists such a mutant's
  /// differing cells with the reason instead of as differences.
  package var engineTiming: String? = nil
  /// Whether `bridgecheck mutants` runs the mutant under the default gate's
  /// schedules (`"schedules": "default"` in the file), as `bridgecheck run`
  /// does: its bug shows only under the races those schedules give. Every
  /// other mutant runs under the default schedule only, so the matrix says
  /// what each fixture catches by itself (and stays fast).
  package var judgedUnderDefaultGate = false
}

extension Mutant {
  /// The schedules `bridgecheck mutants` runs the mutant's cells under:
  /// the default gate's (verdicts only, nothing shrunk) for a mutant judged
  /// under it, nil (the default schedule) for every other.
  package var matrixSchedules: ExploreOptions? {
    judgedUnderDefaultGate ? ExploreOptions(seeds: 0, systematic: SystematicSchedule.defaultGate, shrinkRuns: 0) : nil
  }
}
