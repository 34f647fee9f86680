import JSONModel

/// One thing wrong with a fixture file: the problem every JSON file reader
/// reports (docs/file-problems.md lists the codes).
package typealias FixtureProblem = JSONFileProblem
