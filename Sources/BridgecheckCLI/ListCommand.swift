import ArgumentParser
import ScenarioRunner

/// `bridgecheck list`: the fixtures, one a line under a header row; on a
/// terminal, titles are wrapped to its width.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List fixtures: id, level, subject and title.")

  @OptionGroup var selection: FixtureSelection

  func run() throws {
    let fixtures = try selection.load()
    let rows = fixtures.map { [$0.id, $0.level.rawValue, $0.subject.rawValue, $0.title] }
    print(Self.table(header: ["ID", "LEVEL", "SUBJECT", "TITLE"], rows: rows, width: Terminal.width), terminator: "")
  }

  /// Columns padded to their widest cell; the last column wrapped at word
  /// boundaries to `width` (when given) with its continuation lines under it.
  static func table(header: [String], rows: [[String]], width: Int?) -> String {
    let all = [header] + rows
    let widths = (0..<header.count - 1).map { column in all.map { $0[column].count }.max() ?? 0 }
    let lead = widths.reduce(0) { $0 + $1 + 2 }
    var out = ""
    for row in all {
      var line = ""
      for (column, cellWidth) in widths.enumerated() {
        line += row[column].padding(toLength: cellWidth, withPad: " ", startingAt: 0) + "  "
      }
      let title = row[header.count - 1]
      guard let width else {
        out += line + title + "\n"
        continue
      }
      if width - lead >= 30 {
        let last = wrap(title, to: width - lead)
        out += line + last[0] + "\n"
        for continuation in last.dropFirst() { out += String(repeating: " ", count: lead) + continuation + "\n" }
      } else {
        // Too narrow for a title column: the title goes under the row, indented.
        out += String(line.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
        for part in wrap(title, to: max(20, width - 4)) { out += "    " + part + "\n" }
      }
    }
    return out
  }

  /// `text` in lines of at most `width` characters, broken at spaces (a
  /// longer word gets a line of its own).
  static func wrap(_ text: String, to width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines
  }
}
