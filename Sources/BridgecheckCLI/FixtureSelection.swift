import ArgumentParser
import Foundation
import ScenarioRunner

/// Which fixtures a command works on: paths, then `--filter` and `--tag`.
struct FixtureSelection: ParsableArguments {
  @Argument(help: "Fixture files or folders (default: bridgecheck's own Fixtures/, wherever it is run from).")
  var paths: [String] = []

  @Option(
    name: .customLong("filter"),
    help: "Only fixtures whose id matches this glob (*, ?, [abc], [a-z], [!abc]); repeatable.")
  var filters: [String] = []

  @Option(name: .customLong("tag"), help: "Only fixtures with this tag or area; repeatable.")
  var tags: [String] = []

  /// The paths to load.
  var effectivePaths: [String] { paths.isEmpty ? [Resources.path("Fixtures")] : paths }

  /// Loads, validates and filters; problems and an empty selection are usage errors.
  func load() throws -> [Fixture] {
    try loadKeepingIDs().selected
  }

  /// ``load()``, and the ids of every fixture under the paths, selected or
  /// not (a run's report lists those left out): one loading for both.
  func loadKeepingIDs() throws -> (selected: [Fixture], allIDs: [String]) {
    let outcome = loadAll()
    return (try checked(outcome), outcome.fixtures.map(\.id))
  }

  /// The selected fixtures of `outcome`; its problems, a filter or tag that
  /// matches nothing and an empty selection are usage errors.
  private func checked(_ outcome: FixtureLoader.Outcome) throws -> [Fixture] {
    if !outcome.problems.isEmpty {
      throw Self.describe(outcome.problems.map(Self.suggestingFilter))
    }
    let unmatched =
      filters.filter { filter in !outcome.fixtures.contains { Glob.matches(filter, $0.id) } }.map { "--filter \($0)" }
      + tags.filter { tag in !outcome.fixtures.contains { $0.tags.contains(tag) || $0.area == tag } }.map {
        "--tag \($0)"
      }
    if !unmatched.isEmpty && !outcome.fixtures.isEmpty {
      throw CLIError.usage(
        "\(unmatched.joined(separator: " and ")) match\(unmatched.count == 1 ? "es" : "") no fixture "
          + "among \(outcome.fixtures.count) in \(effectivePaths.joined(separator: ", ")) (a typo?)",
        hint: "`bridgecheck list` shows the ids; globs match whole ids, e.g. --filter 'escaping/*'")
    }
    let selected = outcome.fixtures.filter(matches)
    if selected.isEmpty {
      let criteria = (filters.map { "--filter \($0)" } + tags.map { "--tag \($0)" }).joined(separator: " ")
      throw CLIError.usage(
        "no fixture matches \(criteria.isEmpty ? "(no fixtures found)" : criteria) "
          + "among \(outcome.fixtures.count) in \(effectivePaths.joined(separator: ", "))",
        hint: "`bridgecheck list` shows the ids; globs match whole ids, e.g. --filter 'escaping/*'")
    }
    return selected
  }

  /// Loads every fixture under the paths, checking spec anchors against
  /// `docs/protocol.md` when one is found above the first path.
  func loadAll() -> FixtureLoader.Outcome {
    loader.load(paths: effectivePaths)
  }

  private var loader: FixtureLoader {
    let anchors = Self.protocolDocument(near: effectivePaths[0]).flatMap(FixtureLoader.anchors(inDocumentAt:))
    return FixtureLoader(knownAnchors: anchors)
  }

  /// Starts loading on a thread of its own and hands each selected fixture
  /// (of `shard`, when given) to `feed` as soon as it is decoded, so that
  /// scenarios start while later files are still being read; the feed ends
  /// when loading does, early when a file has a problem.
  /// ``StreamedSelection/finish()`` then gives what ``load()`` would have
  /// given, or throws its error: a run that streamed must discard its
  /// results when it throws.
  func stream(into feed: WorkFeed<Fixture>, shard: Shard?) -> StreamedSelection {
    let streamed = StreamedSelection(selection: self)
    let loader = self.loader
    let paths = effectivePaths
    let thread = Thread {
      var selectedCount = 0
      let outcome = loader.load(paths: paths) { fixture in
        guard self.matches(fixture) else { return }
        defer { selectedCount += 1 }
        if shard?.holds(index: selectedCount) ?? true { feed.append(fixture) }
      }
      feed.end()
      streamed.loaded(outcome)
    }
    thread.start()
    return streamed
  }

  /// The end of a ``stream(into:shard:)``.
  final class StreamedSelection: @unchecked Sendable {
    private let selection: FixtureSelection
    private let done = DispatchSemaphore(value: 0)
    // Written once by the loading thread before `done` is signalled.
    private var outcome: FixtureLoader.Outcome?

    fileprivate init(selection: FixtureSelection) {
      self.selection = selection
    }

    fileprivate func loaded(_ outcome: FixtureLoader.Outcome) {
      self.outcome = outcome
      done.signal()
    }

    /// Waits for loading to end; the selected fixtures (before sharding), or
    /// the usage error ``load()`` would have thrown.
    func finish() throws -> [Fixture] {
      done.wait()
      done.signal()
      return try selection.checked(outcome ?? FixtureLoader.Outcome(fixtures: [], problems: []))
    }

    /// The ids of every fixture loaded, selected or not; nil until loading ended.
    var allIDs: [String]? {
      guard done.wait(timeout: .now()) == .success else { return nil }
      done.signal()
      return outcome?.fixtures.map(\.id)
    }
  }

  private func matches(_ fixture: Fixture) -> Bool {
    let filterOK = filters.isEmpty || filters.contains { Glob.matches($0, fixture.id) }
    let tagOK = tags.isEmpty || tags.contains { fixture.tags.contains($0) || fixture.area == $0 }
    return filterOK && tagOK
  }

  /// `docs/protocol.md` in the folder of `path` or one of its parents, else
  /// in bridgecheck's own files (``Resources``), else in the current folder
  /// or one of its parents, else in the checkout this executable was built
  /// in (`.build/<configuration>/bridgecheck`), so that fixtures kept
  /// outside the repository are checked against it too.
  static func protocolDocument(near path: String) -> String? {
    var starts = [URL(fileURLWithPath: path).standardizedFileURL]
    if let root = Resources.root { starts.append(URL(fileURLWithPath: root)) }
    starts.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      starts.append(executable.deletingLastPathComponent())
    }
    for start in starts {
      var folder = start
      for _ in 0..<6 {
        let candidate = folder.appendingPathComponent("docs/protocol.md").path
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
      }
    }
    return nil
  }

  /// A path that does not exist but is the id (or a glob of ids) of
  /// bridgecheck's own fixtures (`run callbacks/page-to-native-response`)
  /// gets the hint to give it with `--filter`.
  static func suggestingFilter(_ problem: FixtureProblem) -> FixtureProblem {
    guard problem.code == "no-such-path", !problem.file.hasSuffix(".json") else { return problem }
    let ids = FixtureLoader().load(paths: [Resources.path("Fixtures")]).fixtures.map(\.id)
    let glob = problem.file.hasSuffix("/") ? problem.file + "*" : problem.file
    let matching = ids.filter { Glob.matches(glob, $0) }
    guard !matching.isEmpty else { return problem }
    var suggested = problem
    let what = matching.count == 1 && matching[0] == problem.file ? "a fixture id" : "a glob of fixture ids"
    suggested.hint =
      "\(problem.file) is \(what), not a path: give it with --filter, e.g. --filter '\(glob)' "
      + "(paths name fixture files or folders)"
    return suggested
  }

  /// `N problem(s) in M fixture file(s):` and each problem, as the renderer prints it.
  static func describe(_ problems: [FixtureProblem]) -> CLIError {
    let files = Set(problems.map(\.file)).count
    let header =
      "\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(files) fixture file\(files == 1 ? "" : "s"):"
    return .usage(([header] + problems.map(\.description)).joined(separator: "\n"))
  }
}

/// Shell-style globs on fixture ids: `*` any run of characters (slashes
/// included), `?` one character, `[abc]`, `[a-z]` one of a set, `[!abc]` or
/// `[^abc]` one character not in it; a `[` without its `]` is itself.
enum Glob {
  private enum Element {
    case star
    case any
    case literal(Character)
    case set(negated: Bool, members: [ClosedRange<Character>])

    func matches(_ character: Character) -> Bool {
      switch self {
      case .star, .any: return true
      case .literal(let literal): return literal == character
      case .set(let negated, let members): return members.contains { $0.contains(character) } != negated
      }
    }
  }

  private static func parse(_ pattern: String) -> [Element] {
    let p = Array(pattern)
    var elements: [Element] = []
    var index = 0
    while index < p.count {
      switch p[index] {
      case "*": elements.append(.star)
      case "?": elements.append(.any)
      case "[":
        var cursor = index + 1
        let negated = cursor < p.count && (p[cursor] == "!" || p[cursor] == "^")
        if negated { cursor += 1 }
        var members: [ClosedRange<Character>] = []
        var first = true
        while cursor < p.count && (p[cursor] != "]" || first) {
          first = false
          if cursor + 2 < p.count, p[cursor + 1] == "-", p[cursor + 2] != "]", p[cursor] <= p[cursor + 2] {
            members.append(p[cursor]...p[cursor + 2])
            cursor += 3
          } else {
            members.append(p[cursor]...p[cursor])
            cursor += 1
          }
        }
        if cursor < p.count {
          elements.append(.set(negated: negated, members: members))
          index = cursor
        } else {
          elements.append(.literal("["))
        }
      default: elements.append(.literal(p[index]))
      }
      index += 1
    }
    return elements
  }

  static func matches(_ pattern: String, _ text: String) -> Bool {
    let p = parse(pattern)
    let t = Array(text)
    var (pi, ti) = (0, 0)
    var star: (p: Int, t: Int)?
    while ti < t.count {
      if pi < p.count, case .star = p[pi] {
        star = (pi, ti)
        pi += 1
      } else if pi < p.count, p[pi].matches(t[ti]) {
        pi += 1
        ti += 1
      } else if let saved = star {
        pi = saved.p + 1
        ti = saved.t + 1
        star = (saved.p, saved.t + 1)
      } else {
        return false
      }
    }
    while pi < p.count, case .star = p[pi] { pi += 1 }
    return pi == p.count
  }
}
