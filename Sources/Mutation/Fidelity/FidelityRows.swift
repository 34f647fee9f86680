import BridgeImplementations
import ScenarioRunner
import Supervision

/// One implementation pair the fidelity check runs in both engines: the
/// reference pair, a mutant, or a dialect bridge's own pair.
public struct FidelityRow: Sendable {
  /// `reference`, the mutant's name, or `dialect:NAME`.
  public var name: String
  /// How a runner builds the pair (the same as a `mutants` worker's row).
  public var configuration: WorkerConfiguration

  /// Creates a row.
  public init(name: String, configuration: WorkerConfiguration) {
    self.name = name
    self.configuration = configuration
  }
}

/// The rows of a fidelity check and the patched files dialect mutants need
/// while it runs (``remove()`` deletes them).
public final class FidelityRows {
  /// The rows, in the order of the mutation matrix.
  public let rows: [FidelityRow]
  private let copies: DialectMutantCopies

  /// The reference pair, every judged mutant of `mutants` (crashing native
  /// faults behind `executable reference-adapter --fault`), then each
  /// patched dialect bridge's own pair.
  public init(mutants: [Mutant], executable: String) {
    let judged = mutants.filter { $0.notYetJudged == nil }
    let dialects = SupervisedMutationMatrix.dialects(of: judged)
    copies = DialectMutantCopies(judged)
    let configurations = SupervisedMutationMatrix.configurations(
      mutants: judged, executable: executable, copies: copies.paths, dialects: dialects)
    let names = ["reference"] + judged.map(\.name) + dialects.map { "dialect:\($0.name)" }
    rows = zip(names, configurations).map { FidelityRow(name: $0, configuration: $1) }
  }

  /// Deletes the patched copies.
  public func remove() { copies.remove() }
}
