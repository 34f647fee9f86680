import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Parsing helpers for the JUnit tests. `XMLParser` is the strict
/// well-formedness check (on Linux, `XMLDocument` recovers from errors such
/// as a raw ESC); `XMLDocument` then gives XPath access to the result.
enum XMLSupport {
  /// Parses `text`, failing the test if `XMLParser` finds it not well-formed.
  static func document(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> XMLDocument {
    #expect(parsesWithXMLParser(text), "XMLParser rejects the document", sourceLocation: sourceLocation)
    return try XMLDocument(xmlString: text, options: [])
  }

  /// Whether the streaming parser reads `text` without an error.
  static func parsesWithXMLParser(_ text: String) -> Bool {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse() && parser.parserError == nil
  }

  /// The elements `xpath` selects.
  static func elements(_ document: XMLDocument, _ xpath: String) throws -> [XMLElement] {
    try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
  }

  /// The attribute `name` of `element`.
  static func attribute(_ element: XMLElement?, _ name: String) -> String? {
    element?.attribute(forName: name)?.stringValue
  }
}
