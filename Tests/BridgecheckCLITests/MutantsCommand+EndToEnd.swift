import Foundation
import Testing

/// The suite proves itself: every fixture fails on at least one mutant,
/// every mutant fails at least one fixture, the reference pair passes every
/// must and should fixture, and the matrix equals the committed one (so a
/// change that weakens a fixture is noticed). Crashing mutants run behind
/// the stdio adapter and must show up as errors without stopping the run.
@Suite("Mutation matrix")
struct MutantsCommandEndToEndTests {
  @Test func theSuiteCatchesEveryMutantAndMatchesTheExpectedMatrix() throws {
    let outcome = try bridgecheck(["mutants", "--jobs", "2"])
    #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
    let score = try #require(outcome.stdout.split(separator: "\n").first)
    let numbers = score.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    #expect(numbers.count == 4)
    if numbers.count == 4 {
      #expect(numbers[0] == numbers[1] && numbers[1] >= 80, "fixtures caught: \(score)")
      #expect(numbers[2] == numbers[3] && numbers[3] > 0, "mutants killed: \(score)")
    }
    #expect(!outcome.stdout.contains("NOT CAUGHT"))
    #expect(!outcome.stdout.contains("SURVIVES"))
    #expect(!outcome.stdout.contains("REFERENCE"))
    // Progress on standard error (a log, not a terminal: whole lines).
    #expect(outcome.stderr.contains("cells) on 2 workers"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(" cells, "), "a progress line: \(outcome.stderr)")
  }
}
