import BridgeImplementations
import ScenarioRunner
import Testing

/// Where a run's profile came from, as its notices say it: inferred (and
/// how sure), the default after a failed inference, or nothing when given;
/// the unfit notice with the inferred alternative replaces the plain one.
@Suite("Dialect note in a run's notices")
struct DialectNoteNoticesTests {
  @Test func anInferredProfileIsSaidBeforeTheProfileNotice() {
    let note = DialectNote(origin: .inferred, nearest: "flutter", differences: ["signals[0].name: A (flutter) → B"])
    let notices = RunNotices.notices(results: [], profile: .classic, dialect: note)
    #expect(notices.count == 2)
    #expect(
      notices[0].hasPrefix(
        "profile: wvjb-classic, inferred from the page bridge: the shipped profile flutter with signals[0].name"))
    #expect(notices[1].hasPrefix("profile: the page bridge ran in the dialect of the profile wvjb-classic"))
  }

  @Test func anUnsureInferenceSaysSo() {
    let sure = DialectNote(origin: .inferred, nearest: "wvjb-classic")
    #expect(!sure.lines(profile: "wvjb-classic").joined().contains("unsure"))
    let unsure = DialectNote(
      origin: .inferred, nearest: "wvjb-classic", doubts: ["the shipped profile wvjb-5 is as near"])
    let lines = unsure.lines(profile: "wvjb-classic")
    #expect(lines.count == 2)
    #expect(lines[1].hasPrefix("profile: the inference is unsure: the shipped profile wvjb-5 is as near"), "\(lines)")
  }

  @Test func aGivenProfileAddsNothingAndTheUnfitNoticeComesFirst() {
    let given = DialectNote(origin: .given, unfit: "the profile wvjb-classic does not fit this page bridge: …")
    #expect(given.lines(profile: "wvjb-classic").isEmpty)
    let notices = RunNotices.notices(results: [], profile: .classic, dialect: given)
    #expect(notices.first == "the profile wvjb-classic does not fit this page bridge: …")
    #expect(notices.count == 2)
  }

  @Test func aFailedInferenceSaysTheDefaultAndWhy() {
    let note = DialectNote(origin: .default, inferenceFailure: "x.js: no bridge was recognised")
    let lines = note.lines(profile: "wvjb-classic")
    #expect(
      lines == [
        "profile: wvjb-classic, the default: the dialect could not be inferred from the page bridge: x.js: no bridge was recognised (give --profile to choose one)"
      ])
  }
}
