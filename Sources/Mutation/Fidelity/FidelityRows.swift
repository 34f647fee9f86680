import BridgeImplementations
import ScenarioRunner
import Supervision

/// One implementation pair the fidelity check runs in both engines: the
/// reference pair, a mutant, or a dialect bridge's own pair.
package struct FidelityRow: Sendable {
  /// `reference`, the mutant's name, or `dialect:NAME`.
  package var name: String
  /// How a runner builds the pair (the same as a `mutants` worker's row).
  package var configuration: WorkerConfiguration
  /// The mutant's ``Mutant/engineTiming``: why a real engine may not catch
  /// it every time (its differing cells are listed with it, not as differences).
  package var engineTiming: String?
  /// Whether the pair is broken on purpose (a mutant). A mutant's verdict
  /// may rest on the schedule; a correct pair must pass under every one, so
  /// a difference on it is never explained by a schedule.
  package var isMutant: Bool

  /// Creates a row.
  package init(name: String, configuration: WorkerConfiguration, engineTiming: String? = nil, isMutant: Bool = false) {
    self.name = name
    self.configuration = configuration
    self.engineTiming = engineTiming
    self.isMutant = isMutant
  }
}

/// The rows of a fidelity check and the patched files dialect mutants need
/// while it runs (``remove()`` deletes them).
package final class FidelityRows {
  /// The rows, in the order of the mutation matrix.
  package let rows: [FidelityRow]
  private let copies: DialectMutantCopies

  /// The reference pair, every judged mutant of `mutants` (crashing native
  /// faults behind `executable reference-adapter --fault`), then each
  /// patched dialect bridge's own pair, then each calibration bridge (its
  /// page side under test, with the reference native side).
  package init(mutants: [Mutant], executable: String, calibrations: [CalibrationBridge] = []) {
    let judged = mutants.filter { $0.notYetJudged == nil }
    let dialects = SupervisedMutationMatrix.dialects(of: judged)
    copies = DialectMutantCopies(judged)
    let configurations = SupervisedMutationMatrix.configurations(
      mutants: judged, executable: executable, copies: copies.paths, dialects: dialects)
    let names = ["reference"] + judged.map(\.name) + dialects.map { "dialect:\($0.name)" }
    let timings = [nil] + judged.map(\.engineTiming) + dialects.map { _ in nil }
    let mutantFlags = [false] + judged.map { _ in true } + dialects.map { _ in false }
    rows =
      zip(zip(names, configurations), zip(timings, mutantFlags)).map {
        FidelityRow(name: $0.0, configuration: $0.1, engineTiming: $1.0, isMutant: $1.1)
      }
      + calibrations.map { bridge in
        FidelityRow(
          name: "calibration:\(bridge.name)",
          configuration: WorkerConfiguration(
            page: .referenceSource(bridge.source), native: .reference, tested: TestedSides(page: true, native: false),
            options: RunOptions(), verdictsOnly: true))
      }
  }

  /// Deletes the patched copies.
  package func remove() { copies.remove() }
}
