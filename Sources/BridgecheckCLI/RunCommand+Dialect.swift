import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import ProcessSupport
import ScenarioRunner

/// The dialect a run's page bridge speaks, and where it came from.
struct RunDialect {
  /// The profile bridgecheck inferred from the page script (its JSON), when it did.
  var inferredProfile: JSONValue?
  /// What the reports say about it.
  var note: DialectNote?

  /// The scope's dialect an expectations file pins (only an inferred one).
  func pinned(_ profile: BridgeProfile) -> JSONValue? { inferredProfile == nil ? nil : profile.dialectJSON }
}

extension RunCommand {
  /// Works out the dialect of the `--js` page bridge when no `--profile`
  /// names one (docs/inference.md); when it cannot, the run goes on in the
  /// default dialect and its reports say why.
  func resolveDialect() -> RunDialect {
    guard let js, profile == nil, schedules.mutant == nil else { return RunDialect() }
    switch IsolatedInference.run(file: js) {
    case .success(let value):
      let lines = (value["differenceLines"]?.arrayValue ?? []).compactMap(\.stringValue)
      let doubts = (value["doubts"]?.arrayValue ?? []).compactMap(\.stringValue)
      let note = DialectNote(
        origin: .inferred, nearest: value["nearest"]?.stringValue, differences: lines, doubts: doubts)
      return RunDialect(inferredProfile: value["profile"], note: note)
    case .failure(let failure):
      // Said in the report's notes, not here: a page script that does not
      // load is refused next, with the reason, before anything runs.
      let message = failure.description
      return RunDialect(note: DialectNote(origin: .default, inferenceFailure: message))
    }
  }

  /// The notice that the page bridge's profile plainly does not fit it, with
  /// the dialect inferred from the bridge as the alternative: next to no
  /// scenario passed, and most failed alike or the bridge's own dialect is
  /// another.
  func unfitNotice(results: [ScenarioResult], profile used: BridgeProfile, dialect: RunDialect) -> String? {
    guard let js, let misfit = ProfileFit.misfit(results) else { return nil }
    let command = "bridgecheck profiles infer \(ShellWords.quote(js))"
    if dialect.inferredProfile != nil {
      guard misfit.failsAlike else { return nil }
      return ProfileFit.notice(
        profile: used.name, misfit: misfit,
        alternative: "The profile was inferred from the page bridge; \(command) shows the evidence of each member and "
          + "what it could not decide: if a member is wrong, write the profile to a file, correct it and give it with --profile FILE."
      )
    }
    switch IsolatedInference.run(file: js) {
    case .success(let value):
      let inferred = value["profile"].flatMap { try? BridgeProfile.decode($0, file: js).get() }
      if let inferred, !used.differences(to: inferred).isEmpty {
        let differences = ProfileDifference.between(used.json, inferred.json)
        let shown =
          differences.prefix(5).map(\.description).joined(separator: "; ")
          + (differences.count > 5 ? "; and \(differences.count - 5) more" : "")
        return ProfileFit.notice(
          profile: used.name, misfit: misfit,
          alternative: "bridgecheck infers another dialect from the page bridge, \(inferred.name): it differs from "
            + "\(used.name) in \(shown). "
            + (value["shipped"]?.boolValue == true
              ? "Run without --profile or with --profile \(inferred.name) to use it."
              : "Run without --profile to use it, or write it to a file with \(command)."))
      }
      guard misfit.failsAlike else { return nil }
      return ProfileFit.notice(
        profile: used.name, misfit: misfit,
        alternative:
          "bridgecheck infers the same dialect from the page bridge; \(command) shows its evidence. The page "
          + "bridge itself may be broken: run one scenario with --verbose to see its trace.")
    case .failure(let failure):
      guard misfit.failsAlike else { return nil }
      return ProfileFit.notice(
        profile: used.name, misfit: misfit,
        alternative: "bridgecheck could not infer another dialect from the page bridge: \(failure)")
    }
  }
}
