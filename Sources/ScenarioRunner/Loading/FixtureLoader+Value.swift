import JSONModel

extension FixtureLoader {
  /// Decodes a fixture from a JSON value built in memory (what `bridgecheck
  /// fuzz` generates), with the checks of a file: every problem names
  /// `file` (where the value would be written) and the JSON pointer.
  package func decode(_ root: JSONValue, file: String) -> Result<Fixture, FileProblems> {
    let collector = ProblemCollector(file: file)
    let fixture = Fixture.decode(root, file: file, problems: collector)
    if let fixture, collector.problems.isEmpty { return .success(fixture) }
    return .failure(FileProblems(problems: collector.problems))
  }
}
