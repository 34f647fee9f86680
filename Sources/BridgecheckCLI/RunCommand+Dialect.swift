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
  /// The shipped profile inferred from the `--native` adapter, when the
  /// run has no page script and no `--profile`: the reference page bridge
  /// speaks it.
  var nativeProfile: String?
  /// What the reports say about it.
  var note: DialectNote?
  /// Why the `--native` adapter did not start when its dialect was being
  /// inferred: the run ends on it before any scenario (its hello was
  /// already waited for once).
  var adapterStartupFailure: ImplementationError?
  /// The native side's name in the reports of a run that ends on
  /// ``adapterStartupFailure``: the one a run whose own hello fails gives
  /// it (``AdapterNativeImplementation/fallbackName(_:)``).
  var adapterName: String?

  /// The scope's dialect an expectations file pins (only an inferred one).
  func pinned(_ profile: BridgeProfile) -> JSONValue? {
    inferredProfile == nil && nativeProfile == nil ? nil : profile.dialectJSON
  }
}

extension RunCommand {
  /// Works out the dialect of the `--js` page bridge when no `--profile`
  /// names one (docs/inference.md); when it cannot, the run goes on in the
  /// default dialect and its reports say why.
  func resolveDialect() -> RunDialect {
    guard profile == nil, schedules.mutant == nil else { return RunDialect() }
    guard let js else { return nativeDialect() }
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

  /// The notice that the profile plainly does not fit the `--native` bridge
  /// (run without a page script), with the dialect inferred from the adapter
  /// as the alternative: next to no scenario passed and most failed alike,
  /// the adapter answers in another dialect, or no scenario ran at all (the
  /// adapter declares none of the profile's transports or injections).
  private func nativeUnfitNotice(results: [ScenarioResult], profile used: BridgeProfile, dialect: RunDialect) -> String?
  {
    guard let nativeCommand else { return nil }
    let misfit = ProfileFit.misfit(results)
    let noneRan = !results.isEmpty && results.allSatisfy { $0.status == .skip }
    guard misfit != nil || noneRan else { return nil }
    let failsAlike = misfit?.failsAlike ?? false
    let command = "bridgecheck profiles infer --native \(ShellWords.quote(nativeCommand))"
    func notice(_ alternative: String) -> String {
      if let misfit {
        return ProfileFit.notice(profile: used.name, misfit: misfit, alternative: alternative, side: "native bridge")
      }
      // The commonest reason: that the native bridge lacks the profile's transport or injection.
      let counts = Dictionary(results.compactMap(\.message).map { ($0, 1) }, uniquingKeysWith: +)
      let commonest = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
      let reason = commonest.map { "; the commonest reason, for \($0.value): \($0.key)" } ?? ""
      return "the profile \(used.name) does not fit this native bridge: none of the \(results.count) scenarios ran "
        + "(each was skipped\(reason)). " + alternative
    }
    if dialect.nativeProfile != nil {
      guard failsAlike || noneRan else { return nil }
      return notice(
        "The profile was inferred from the native adapter; \(command) shows what it declares and how it answered the "
          + "probes. The native bridge itself may be broken: run one scenario with --verbose to see its trace.")
    }
    guard let words = try? AdapterCommandLine.words(nativeCommand, option: "--native") else { return nil }
    let inference = NativeDialectInference(
      command: words, limits: adapterLimits, shipped: ShippedProfiles.all, shouldStop: { Interrupt.requested })
    switch inference.infer() {
    case .success(let inferred) where inferred.profile.name != used.name:
      return notice(
        "bridgecheck infers another dialect from the native adapter, \(inferred.profile.name): it answers "
          + "bridgecheck's probes in it. Run without --profile or with --profile \(inferred.profile.name) to use it "
          + "(\(command) shows the evidence).")
    case .success:
      guard failsAlike || noneRan else { return nil }
      return notice(
        "bridgecheck infers the same dialect from the native adapter; \(command) shows its evidence. The native "
          + "bridge itself may be broken: run one scenario with --verbose to see its trace.")
    case .failure(let failure):
      return notice("bridgecheck could not infer another dialect from the native adapter: \(failure)")
    }
  }

  /// Works out the dialect of the `--native` adapter when there is no page
  /// script and no `--profile` (docs/inference.md); when it cannot, the run
  /// goes on in the default dialect and its reports say why.
  private func nativeDialect() -> RunDialect {
    guard let nativeCommand, let command = try? AdapterCommandLine.words(nativeCommand, option: "--native") else {
      return RunDialect()
    }
    let inference = NativeDialectInference(
      command: command, limits: adapterLimits, shipped: ShippedProfiles.all, shouldStop: { Interrupt.requested })
    switch inference.infer() {
    case .success(let inferred):
      var note = DialectNote(origin: .inferred, nearest: inferred.profile.name, doubts: inferred.doubts)
      note.inferredFromNative = true
      return RunDialect(nativeProfile: inferred.profile.name, note: note)
    case .failure(let failure):
      var note = DialectNote(origin: .default, inferenceFailure: failure.description)
      note.inferredFromNative = true
      return RunDialect(
        note: note, adapterStartupFailure: failure.adapterStartup,
        adapterName: AdapterNativeImplementation.fallbackName(command))
    }
  }

  /// The notice that the page bridge's profile plainly does not fit it, with
  /// the dialect inferred from the bridge as the alternative: next to no
  /// scenario passed, and most failed alike or the bridge's own dialect is
  /// another.
  func unfitNotice(results: [ScenarioResult], profile used: BridgeProfile, dialect: RunDialect) -> String? {
    guard let js else { return nativeUnfitNotice(results: results, profile: used, dialect: dialect) }
    guard let misfit = ProfileFit.misfit(results) else { return nil }
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
