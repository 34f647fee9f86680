import Foundation
import Testing

/// Colour, width and the small things of terminal output.
@Suite("terminal output, end to end")
struct TerminalOutputEndToEnd {
  static let escape = "\u{1B}["

  @Test func colourFollowsColorForceColorAndNoColor() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("fixtures/callbacks/wrong.json", echoFixture(id: "callbacks/wrong", expected: "2"))
    let fixtures = scratch.path("fixtures")
    // The test's output is a pipe, and NO_COLOR=1 is set for every run.
    #expect(!(try bridgecheck(["run", fixtures])).stdout.contains(Self.escape))
    #expect(try bridgecheck(["run", fixtures, "--color", "always"]).stdout.contains(Self.escape))
    #expect(try bridgecheck(["run", fixtures], environment: ["FORCE_COLOR": "1"]).stdout.contains(Self.escape))
    #expect(
      !(try bridgecheck(["run", fixtures], environment: ["FORCE_COLOR": "0", "NO_COLOR": ""])).stdout.contains(
        Self.escape))
    #expect(
      !(try bridgecheck(["run", fixtures, "--color", "never"], environment: ["FORCE_COLOR": "1"])).stdout.contains(
        Self.escape))
    #expect(
      !(try bridgecheck(["run", fixtures], environment: ["TERM": "dumb", "NO_COLOR": ""])).stdout.contains(Self.escape))
    #expect(try bridgecheck(["run", fixtures, "--color", "sometimes"]).status == 2)
  }

  @Test func listHasAHeaderRowAndWrapsToTheWidth() throws {
    let piped = try bridgecheck(["list"])
    #expect(piped.stdout.hasPrefix("ID "))
    #expect(piped.stdout.split(separator: "\n")[0].hasSuffix("LEVEL   SUBJECT  TITLE"))
    let narrow = try bridgecheck(["list"], environment: ["COLUMNS": "100"])
    let idWidth =
      narrow.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ").first?.count ?? 0 }.max() ?? 0
    for line in narrow.stdout.split(separator: "\n") {
      #expect(line.count <= max(100, idWidth + 20), "\(line)")
    }
  }

  @Test func helpNamesEachDefaultOnce() throws {
    let help = try bridgecheck(["run", "--help"])
    #expect(!help.stdout.contains("cores). (default:"), "\(help.stdout)")
    #expect(help.stdout.contains("--max-failures"))
    #expect(help.stdout.contains("--markdown-append"))
  }

  @Test func aVariableAssignmentInNativeGetsAHint() throws {
    let outcome = try bridgecheck(["run", "--native", "DEBUG=1 python3 adapter.py"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("a shell variable assignment"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("--native 'env DEBUG=1 python3 adapter.py'"), "\(outcome.stderr)")
  }
}

/// `--filter` globs know character classes.
@Suite("filter globs, end to end")
struct FilterGlobEndToEnd {
  func ids(_ filter: String) throws -> [String] {
    let outcome = try bridgecheck(["list", "--filter", filter])
    return outcome.stdout.split(separator: "\n").dropFirst().compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
  }

  @Test func classesRangesAndNegation() throws {
    let all = try ids("data/*")
    #expect(!all.isEmpty)
    let classOf = try ids("data/[a-e]*")
    #expect(!classOf.isEmpty)
    #expect(classOf == all.filter { ("a"..."e").contains($0.dropFirst(5).first.map(String.init) ?? "") })
    let negated = try ids("data/[!a-e]*")
    #expect(Set(classOf).union(negated) == Set(all))
    #expect(Set(classOf).isDisjoint(with: negated))
    #expect(try ids("data/[ab]bsent-versus-null-data") == ["data/absent-versus-null-data"])
  }
}
