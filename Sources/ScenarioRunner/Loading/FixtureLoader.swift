import Foundation
import JSONModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds, parses and validates fixture files.
package struct FixtureLoader: Sendable {
  /// Anchors of `docs/protocol.md` that `spec` may name; `nil` skips the check.
  package var knownAnchors: Set<String>?

  /// Creates a loader.
  package init(knownAnchors: Set<String>? = nil) {
    self.knownAnchors = knownAnchors
  }

  /// What loading produced: the fixtures in path order, and every problem.
  package struct Outcome: Sendable {
    /// Valid fixtures, sorted by file path.
    package var fixtures: [Fixture]
    /// Every problem found, in file order.
    package var problems: [FixtureProblem]

    /// An outcome with these fixtures and problems.
    package init(fixtures: [Fixture], problems: [FixtureProblem]) {
      self.fixtures = fixtures
      self.problems = problems
    }
  }

  /// Loads every fixture under `paths` (files, or folders searched
  /// recursively for `*.json`, `schema.json` excepted).
  package func load(paths: [String]) -> Outcome {
    load(paths: paths, streaming: { _ in })
  }

  /// Loads like ``load(paths:)``, and hands each valid fixture to `found`
  /// as soon as it is decoded, in the same order, so that scenarios can start
  /// while later files are still being read. `found` is not called again
  /// once a problem has been found (a duplicate id included): the caller
  /// must then discard what it started, as the outcome's problems say.
  package func load(paths: [String], streaming found: (Fixture) -> Void) -> Outcome {
    var problems: [FixtureProblem] = []
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        problems.append(
          FixtureProblem(
            file: path, pointer: .root, code: "no-such-path", message: "no such file or folder",
            hint: "give a fixture file or a folder of them (default: Fixtures/)"))
        continue
      }
      files += isDirectory.boolValue ? Self.jsonFiles(under: path) : [path]
    }
    var fixtures: [Fixture] = []
    // The file that first used each id.
    var firstFiles: [String: String] = [:]
    for file in Array(Set(files)).sorted() {
      switch loadFile(file) {
      case .success(let fixture):
        fixtures.append(fixture)
        if let earlier = firstFiles[fixture.id] {
          problems.append(duplicateID(fixture, earlier: earlier))
        } else {
          firstFiles[fixture.id] = fixture.file
        }
        if problems.isEmpty { found(fixture) }
      case .failure(let failed): problems += failed.problems
      }
    }
    // Every file's own problems first, then the duplicate ids, as a reader
    // fixing them file by file wants them.
    problems = problems.filter { $0.code != "duplicate-id" } + problems.filter { $0.code == "duplicate-id" }
    return Outcome(fixtures: fixtures, problems: problems)
  }

  /// The deepest nesting of arrays and objects a fixture may use. Decoding
  /// and matching walk fixture values recursively; this keeps them far from
  /// the end of any thread's stack (the shipped fixtures nest about 200 deep).
  package static let maximumDepth = 1000

  /// A file's problems, as an error.
  package struct FileProblems: Error {
    /// Every problem of the file.
    package var problems: [FixtureProblem]
  }

  /// Loads one file.
  package func loadFile(_ file: String) -> Result<Fixture, FileProblems> {
    let root: JSONValue
    switch JSONValue.parse(
      fileContents: FileManager.default.contents(atPath: file).map { [UInt8]($0) }, file: file,
      maxDepth: Self.maximumDepth, syntaxHint: "fixtures are strict JSON: no comments, no trailing commas")
    {
    case .success(let value): root = value
    case .failure(var problem):
      if problem.code == "too-deep" {
        problem.message = "the fixture nests arrays and objects more than \(Self.maximumDepth) deep"
        problem.hint =
          "flatten the data; fixtures may nest at most \(Self.maximumDepth) levels (deep payloads: build them in a page script)"
      } else if problem.code == "unreadable" {
        problem.hint = nil
      }
      return .failure(FileProblems(problems: [problem]))
    }
    let collector = ProblemCollector(file: file)
    let fixture = Fixture.decode(root, file: file, problems: collector)
    // Checked on the raw document, so that a file with other problems is
    // told about its anchor too (every problem at once).
    if let spec = root["spec"]?.stringValue, !spec.isEmpty, let knownAnchors, !knownAnchors.contains(spec) {
      let suggestion = closest(to: spec, among: Array(knownAnchors)).map { "did you mean \"\($0)\"? " } ?? ""
      collector.add(
        JSONPointer.root.appending("spec"), "unknown-spec-anchor",
        "docs/protocol.md has no rule anchored \"\(spec)\"",
        hint: suggestion + "anchors are the <a id=\"…\"> names in docs/protocol.md")
    }
    if let area = root["area"]?.stringValue, let problem = Self.folderProblem(file: file, area: area) {
      collector.add(JSONPointer.root.appending("area"), "area-not-folder", problem.message, hint: problem.hint)
    }
    if let fixture, collector.problems.isEmpty { return .success(fixture) }
    return .failure(FileProblems(problems: collector.problems))
  }

  private func duplicateID(_ fixture: Fixture, earlier: String) -> FixtureProblem {
    FixtureProblem(
      file: fixture.file, pointer: JSONPointer.root.appending("id"), code: "duplicate-id",
      message: "the id \"\(fixture.id)\" is already used by \(earlier)", hint: "ids must be unique across the suite")
  }

  /// The areas of the suite (`docs/fixtures.md`): each is a folder of `Fixtures/`.
  package static let areas: Set<String> = [
    "handler-missing", "response-unknown", "startup-queue", "escaping", "data", "callbacks", "transport", "dispatch",
  ]

  /// A fixture kept in another area's folder (e.g. a `callbacks` fixture in
  /// `Fixtures/data/`): the folder is the area. Folders that are no area
  /// (a team's own fixtures elsewhere) are not judged.
  static func folderProblem(file: String, area: String) -> (message: String, hint: String)? {
    // The name of the folder the file is in (only an area's name matters).
    let components = file.utf8.split(separator: UInt8(ascii: "/"))
    let folder = components.count >= 2 ? String(Substring(components[components.count - 2])) : ""
    guard areas.contains(folder), folder != area else { return nil }
    return (
      "the fixture says area \"\(area)\" but is kept in the \"\(folder)\" folder",
      "move it to \(area)/ or set \"area\": \"\(folder)\" (and its id prefix); the folder is the area"
    )
  }

  /// The `*.json` entries under `folder` but `schema.json`, at any depth, sorted. Symbolic links
  /// are listed, not followed into (as `FileManager`'s enumerator does); read with `readdir`,
  /// which costs a tenth of that enumerator.
  static func jsonFiles(under folder: String) -> [String] {
    var relatives: [String] = []
    collectJSONEntries(in: folder, relative: "", into: &relatives)
    return relatives.map { (folder as NSString).appendingPathComponent($0) }.sorted()
  }

  /// Adds the `*.json` entries of `folder` (and of the folders below it) to `found`, as paths
  /// relative to the folder first listed (`relative` is this one's).
  private static func collectJSONEntries(in folder: String, relative: String, into found: inout [String]) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard name != "." && name != ".." else { continue }
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      let relativePath = relative.isEmpty ? name : relative + "/" + name
      if name.hasSuffix(".json") && name != "schema.json" { found.append(relativePath) }
      if isFolder(entry.pointee.d_type, path: path) {
        collectJSONEntries(in: path, relative: relativePath, into: &found)
      }
    }
  }

  /// Whether a directory entry is a folder itself, not a link to one.
  private static func isFolder(_ type: UInt8, path: String) -> Bool {
    if type == UInt8(DT_DIR) { return true }
    guard type == UInt8(DT_UNKNOWN) else { return false }
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Reads the rule anchors (`<a id="…">`) of a protocol document.
  /// A byte scan for `<a id="ID"></a>` (ID without quotes, not empty): every
  /// run and every worker reads the document, and a regular expression took
  /// a fifth of loading the whole suite.
  package static func anchors(inDocumentAt path: String) -> Set<String>? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return anchors(in: text)
  }

  /// The ids of the `<a id="ID"></a>` anchors in `text`.
  static func anchors(in text: String) -> Set<String> {
    let bytes = Array(text.utf8)
    let opening = Array(#"<a id=""#.utf8)
    let closing = Array(#""></a>"#.utf8)
    var anchors: Set<String> = []
    var index = 0
    while index + opening.count <= bytes.count {
      guard bytes[index] == opening[0], bytes[index..<index + opening.count].elementsEqual(opening) else {
        index += 1
        continue
      }
      let start = index + opening.count
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
      if end > start && end + closing.count <= bytes.count && bytes[end..<end + closing.count].elementsEqual(closing) {
        anchors.insert(String(decoding: bytes[start..<end], as: UTF8.self))
        index = end + closing.count
      } else {
        index = start
      }
    }
    return anchors
  }
}
