import Foundation
import JSONModel

/// A calibration bridge (`conformance/calibration/NAME.json`): bridgecheck's
/// page bridge with text replacements, correct in practice. Those whose
/// definition asks for it (`"fidelity": true`) are rows of the fidelity
/// check too (`calibration:NAME`): a correct page bridge that uses what the
/// simulated page has of WebKit (a dispatch worker), which must pass every
/// fixture in both engines, under every schedule.
package struct CalibrationBridge: Sendable, Hashable {
  /// The file's name without `.json`.
  package var name: String
  /// The patched page bridge.
  package var source: String

  /// The calibration bridges of `folder` that ask to be fidelity rows, built
  /// from `pageBridge` (the text of `page-bridge.js`); a problem names the
  /// file and what is wrong.
  package static func fidelityRows(in folder: String, pageBridge: String) throws(CalibrationProblem)
    -> [CalibrationBridge]
  {
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
      .sorted()
    var bridges: [CalibrationBridge] = []
    for file in files {
      let path = (folder as NSString).appendingPathComponent(file)
      guard let text = try? String(contentsOfFile: path, encoding: .utf8), let value = try? JSONValue.parse(text) else {
        throw CalibrationProblem(file: path, message: "is not readable JSON")
      }
      guard value["fidelity"] == true else { continue }
      var source = pageBridge
      for (index, replacement) in (value["patch"]?.arrayValue ?? []).enumerated() {
        guard let find = replacement["find"]?.stringValue, let replace = replacement["replace"]?.stringValue,
          source.components(separatedBy: find).count == 2
        else {
          throw CalibrationProblem(
            file: path, message: "/patch/\(index): the text to find must occur exactly once in page-bridge.js")
        }
        source = source.replacingOccurrences(of: find, with: replace)
      }
      bridges.append(CalibrationBridge(name: String(file.dropLast(5)), source: source))
    }
    return bridges
  }
}

/// A calibration file that cannot be used.
package struct CalibrationProblem: Error, Sendable, CustomStringConvertible {
  package var file: String
  package var message: String
  package var description: String { "\(file): \(message)" }
}
