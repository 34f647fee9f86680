import Foundation
import ScenarioRunner

/// The whole traces of a fidelity run's differing cells as files, one JSON
/// event a line: `DIR/<row>/<fixture id>.<engine>.jsonl` (a fixture id's `/`
/// becomes `--`). The report shows the two traces only from where they part,
/// and cut; these are what a reader needs to explain a difference.
package enum FidelityTraceFiles {
  /// Writes the traces of every cell of `result` that has them, and returns
  /// the paths written, in order.
  package static func write(_ result: FidelityResult, to directory: String) throws -> [String] {
    var written: [String] = []
    for cell in result.cells where !cell.firstTrace.isEmpty || !cell.secondTrace.isEmpty {
      let folder = (directory as NSString).appendingPathComponent(TraceFile.component(cell.row))
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for (engine, trace) in [(result.first, cell.firstTrace), (result.second, cell.secondTrace)] {
        let path = (folder as NSString).appendingPathComponent("\(TraceFile.component(cell.fixture)).\(engine).jsonl")
        try TraceFile.write(trace, to: path)
        written.append(path)
      }
    }
    return written
  }
}
