import Foundation

/// The patched copies of dialect mutants' files, for the time of a run.
/// Each copy sits next to the file it patches (a native side finds its
/// helpers relative to its own folder), under a hidden name, and is removed
/// by ``remove()``.
final class DialectMutantCopies {
  /// Mutant name → path of its patched copy.
  private(set) var paths: [String: String] = [:]

  /// Writes a copy for every dialect mutant of `mutants`; a copy that
  /// cannot be written is left out, and its mutant runs the file unpatched
  /// (so it survives, and the report says so).
  init(_ mutants: [Mutant]) {
    for mutant in mutants {
      guard case .dialectPatch(let patch) = mutant.construction, let source = mutant.dialectSource() else { continue }
      let original = URL(fileURLWithPath: patch.file)
      let copy = original.deletingLastPathComponent()
        .appendingPathComponent(
          ".mutant-\(mutant.name)-\(ProcessInfo.processInfo.processIdentifier).\(original.pathExtension)")
      do {
        try source.write(to: copy, atomically: true, encoding: .utf8)
        paths[mutant.name] = copy.path
      } catch {
        FileHandle.standardError.write(
          Data("bridgecheck: mutants: cannot write the patched copy \(copy.path) of \(mutant.name): \(error)\n".utf8))
      }
    }
  }

  /// Removes every copy.
  func remove() {
    for path in paths.values { try? FileManager.default.removeItem(atPath: path) }
    paths = [:]
  }
}
