import JSONModel
import ReferenceBridges

/// Fixtures are written in classic WVJB. For a page bridge of another
/// dialect (a profile renaming the global, entry points, signal hosts or
/// message fields) the harness translates what it plays on the wire itself,
/// and skips, with the reason, the fixtures whose own page scripts, URLs or
/// expectations spell classic names out.
enum FixtureDialect {
  /// The classic names `dialect` renames, each with whether it is a message
  /// field (fields are looked for as whole words in scripts and
  /// expectations only; the others anywhere, hosts in any case).
  static func renamedClassicNames(_ dialect: WireDialect) -> [(name: String, isField: Bool)] {
    let classic = WireDialect.classic
    var names: [(String, Bool)] = []
    if dialect.globalName != classic.globalName { names.append((classic.globalName, false)) }
    if dialect.fetchQueueFunction != classic.fetchQueueFunction { names.append((classic.fetchQueueFunction, false)) }
    if dialect.handleMessageFunction != classic.handleMessageFunction {
      names.append((classic.handleMessageFunction, false))
    }
    if dialect.queueMessageHost != classic.queueMessageHost { names.append((classic.queueMessageHost, false)) }
    if dialect.bridgeLoadedHost != classic.bridgeLoadedHost { names.append((classic.bridgeLoadedHost, false)) }
    for (mine, theirs) in zip(MessageFieldNames.classic.all, dialect.fields.all) where mine != theirs {
      names.append((mine, true))
    }
    return names
  }

  /// The classic names, among those `dialect` renames, that `fixture`
  /// writes literally: in its page scripts, the URLs it navigates to or
  /// signals with, and its expectations. Wire-level messages are not
  /// counted: the harness translates them.
  static func classicNamesWrittenLiterally(by fixture: Fixture, dialect: WireDialect) -> [String] {
    let renamed = renamedClassicNames(dialect)
    guard !renamed.isEmpty else { return [] }
    var scripts = fixture.setup.pageScripts
    var urls: [String] = []
    for step in fixture.setup.onReady + fixture.steps {
      switch step {
      case .pageScript(let source): scripts.append(source)
      case .navigate(let url, _): urls.append(url)
      case .queueToNative(_, let signal?): urls.append(signal)
      default: break
      }
    }
    let expectations = (fixture.expect.events + fixture.expect.absent + fixture.expect.counts.map(\.pattern)).map(\.description)
    let texts = scripts + expectations
    let everything = (texts + urls).joined(separator: "\n")
    let lowered = everything.lowercased()
    return renamed.compactMap { name, isField in
      if isField {
        let written = texts.contains { text in containsWord(name, in: text) }
        return written ? name : nil
      }
      return lowered.contains(name.lowercased()) ? name : nil
    }
  }

  /// Whether `word` occurs in `text` not as part of a longer identifier.
  static func containsWord(_ word: String, in text: String) -> Bool {
    var searchFrom = text.startIndex
    while let range = text.range(of: word, range: searchFrom..<text.endIndex) {
      let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      if !isIdentifierCharacter(before) && !isIdentifierCharacter(after) { return true }
      searchFrom = range.upperBound
    }
    return false
  }

  private static func isIdentifierCharacter(_ character: Character?) -> Bool {
    guard let character else { return false }
    return character.isLetter || character.isNumber || character == "_" || character == "$"
  }

  /// A raw message the harness delivers to the page, in the dialect: a
  /// JSON object has its fields renamed; anything else (malformed text on
  /// purpose) is delivered as written.
  static func deliverable(_ raw: String, dialect: WireDialect) -> String {
    guard dialect.fields != .classic, case .object(let message)? = try? JSONValue.parse(raw) else { return raw }
    return JSONValue.object(dialect.toWire(message)).serialized()
  }

  /// What the harness makes the page's queue fetch return, in the dialect:
  /// message objects (in an array, or in the JSON text of an array) have
  /// their fields renamed; anything else is returned as written.
  static func queued(_ result: JSONValue?, dialect: WireDialect) -> JSONValue? {
    guard dialect.fields != .classic, let result else { return result }
    switch result {
    case .array(let entries):
      return .array(entries.map(renamed(dialect)))
    case .string(let text):
      guard case .array(let entries)? = try? JSONValue.parse(text) else { return result }
      return .string(JSONValue.array(entries.map(renamed(dialect))).serialized())
    default:
      return result
    }
  }

  private static func renamed(_ dialect: WireDialect) -> (JSONValue) -> JSONValue {
    { entry in
      guard case .object(let message) = entry else { return entry }
      return .object(dialect.toWire(message))
    }
  }
}
