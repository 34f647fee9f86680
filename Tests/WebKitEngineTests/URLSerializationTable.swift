import Foundation
import JSONModel
import TestSupport

/// The table of navigation URLs measured in WebKitGTK
/// (`Tests/PageSimulationTests/Resources/webkit-url-serialization.json`):
/// for each URL a page sets, through an iframe's `src` or `location.href`,
/// what the host's navigation policy was asked about (nil: nothing).
struct URLSerializationTable {
  /// One URL, one way of setting it, and what the host saw.
  struct Entry: Equatable, CustomStringConvertible {
    var set: String
    var how: String
    var requested: String?
    /// The name of the error that setting the URL threw in the page, if any.
    var threw: String?

    var description: String {
      var object: JSONObject = [
        "set": .string(set), "how": .string(how), "requested": requested.map(JSONValue.string) ?? .null,
      ]
      if let threw { object["threw"] = .string(threw) }
      return JSONValue.object(object).serialized()
    }
  }

  static let file = packageRoot.appendingPathComponent(
    "Tests/PageSimulationTests/Resources/webkit-url-serialization.json")

  var measuredOn: String
  var entries: [Entry]

  /// Reads the stored table.
  static func load() throws -> URLSerializationTable {
    let root = try JSONValue.parse(String(decoding: Data(contentsOf: file), as: UTF8.self))
    let entries = (root["entries"]?.arrayValue ?? []).map {
      Entry(
        set: $0["set"]?.stringValue ?? "", how: $0["how"]?.stringValue ?? "", requested: $0["requested"]?.stringValue,
        threw: $0["threw"]?.stringValue)
    }
    return URLSerializationTable(measuredOn: root["measuredOn"]?.stringValue ?? "", entries: entries)
  }

  /// Writes the table, one entry a line.
  func write() throws {
    let lines = entries.map { "    " + $0.description }.joined(separator: ",\n")
    let text = """
      {
        "measuredOn": \(JSONValue.string(measuredOn).serialized()),
        "note": "What WebKitGTK's decide-policy reports for each URL a page sets (null: no navigation request; threw: the error the page got from setting it). Measured and checked by Tests/WebKitEngineTests (scripts/test-webkit.sh); BRIDGECHECK_WRITE_URL_TABLE=1 rewrites it.",
        "entries": [
      \(lines)
        ]
      }

      """
    try Data(text.utf8).write(to: Self.file)
  }
}
