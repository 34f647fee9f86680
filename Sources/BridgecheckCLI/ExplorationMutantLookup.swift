import Exploration

/// Finds an exploration mutant by name for `run --mutant` and
/// `fuzz --mutant`, with the names there are when it does not exist.
enum ExplorationMutantLookup {
  /// The mutant called `name` in `conformance/mutants/exploration/`.
  static func named(_ name: String) throws -> ExplorationMutant {
    let catalog = ExplorationMutantCatalog.load(from: Resources.path(ExplorationMutantCatalog.defaultFolder))
    if !catalog.problems.isEmpty { throw FixtureSelection.describe(catalog.problems) }
    guard let found = catalog.mutants.first(where: { $0.name == name }) else {
      throw CLIError.usage(
        "there is no exploration mutant \"\(name)\"",
        hint: "one of "
          + catalog.mutants.map(\.name).joined(separator: ", "))
    }
    return found
  }
}
