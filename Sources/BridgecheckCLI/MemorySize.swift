import ArgumentParser
import Foundation

/// A memory size given on the command line: `2G`, `512M`, `1.5G`, or a
/// plain number of megabytes (`2048`).
struct MemorySize: ExpressibleByArgument, Hashable {
  /// The size in bytes.
  let bytes: Int

  init(bytes: Int) { self.bytes = bytes }

  init?(argument: String) {
    var text = argument.trimmingCharacters(in: .whitespaces).uppercased()
    if text.hasSuffix("B") { text.removeLast() }
    var unit = 1 << 20
    if let last = text.last, let scale = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30][String(last)] {
      unit = scale
      text.removeLast()
    }
    guard let value = Double(text), value > 0, value * Double(unit) >= Double(64 << 20), value * Double(unit) < 1e15
    else { return nil }
    bytes = Int(value * Double(unit))
  }

  var defaultValueDescription: String { bytes % (1 << 30) == 0 ? "\(bytes >> 30)G" : "\(bytes >> 20)M" }
}
