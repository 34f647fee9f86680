import AdapterHosting
import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import ProcessSupport
import ReferenceImplementations
import ScenarioRunner

/// Works out the dialect a native adapter speaks (`profiles infer --native
/// CMD`, and `run --native CMD` without `--profile`): from what its `hello`
/// declares, then from probes of its behaviour in each shipped dialect the
/// declaration allows.
///
/// A probe is a short scenario of the shipped fixtures (a page call with a
/// callback, native calls of every JSON type, page calls of every JSON type)
/// run against the adapter with bridgecheck's reference page bridge speaking
/// the candidate dialect: the injection it asks for, the message handlers it
/// registers, the URLs it cancels, the scripts it evaluates and the fields it
/// writes either carry the messages through or do not. The candidates the
/// adapter answers in every probe fit; the one its `hello` names wins, then
/// the first in the order of ``ShippedProfiles/all``.
struct NativeDialectInference {
  /// The probe scenarios, relative to the resources root.
  static let probeFixtures = [
    "Fixtures/callbacks/page-to-native-response.json",
    "Fixtures/data/every-json-type-native-to-page.json",
    "Fixtures/data/every-json-type-page-to-native.json",
  ]

  /// How one candidate dialect did in the probes.
  struct Probe: Equatable {
    /// The shipped profile's name.
    var profile: String
    /// Probe scenarios passed.
    var passed: Int
    /// Probe scenarios run (a candidate stops at its first failure).
    var run: Int
    /// Why the first one that did not pass did not (nil when all passed).
    var failure: String?

    var fits: Bool { failure == nil }
  }

  /// The inferred dialect and how it was found.
  struct Inferred {
    /// The shipped profile the adapter answers in.
    var profile: BridgeProfile
    /// What the adapter said in `hello`.
    var declared: AdapterInfo
    /// The candidates the declaration allowed, in order, each with its probes.
    var probes: [Probe]
    /// The declared name of the adapter is the profile's name.
    var namedInHello: Bool
    /// Other candidates the adapter answers in as well as in ``profile``.
    var alsoFits: [String] { probes.filter { $0.fits && $0.profile != profile.name }.map(\.profile) }
    /// The shipped profiles the declaration rules out, with the reason.
    var ruledOut: [(profile: String, reason: String)]
  }

  /// Why no dialect could be inferred.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    /// Why the adapter did not start, when it did not: a run ends on it
    /// at once instead of waiting for the adapter's hello a second time.
    var adapterStartup: ImplementationError? = nil
  }

  let command: [String]
  let limits: AdapterLimits
  let shipped: [BridgeProfile]
  let shouldStop: @Sendable () -> Bool

  /// Starts the adapter, reads its `hello`, probes it in every candidate
  /// dialect, and ends it.
  func infer() -> Result<Inferred, Failure> {
    let shown = command.map(ShellWords.quote).joined(separator: " ")
    let fixtures: [Fixture]
    do {
      fixtures = try Self.loadProbes()
    } catch {
      return .failure(error)
    }
    AdapterNativeImplementation.installTerminationHandlers()
    let native = AdapterNativeImplementation(command: command, limits: limits, shouldStop: shouldStop)
    defer { native.shutdown() }
    if let failure = native.startupFailure {
      let reason = failure.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? failure.message
      return .failure(
        Failure(
          description:
            "\(shown): the native adapter did not say hello (\(failure.code): \(reason)), so nothing says which dialect "
            + "it speaks\n  hint: `bridgecheck doctor --native \(shown)` explains what is wrong with its handshake",
          adapterStartup: failure))
    }
    var options = RunOptions()
    options.allowTime(for: limits)
    var probes: [Probe] = []
    var ruledOut: [(profile: String, reason: String)] = []
    for candidate in shipped {
      let runner = FixtureRunner(
        page: ReferencePageImplementation(profile: candidate), native: native,
        tested: TestedSides(page: false, native: true), options: options)
      if let reason = Self.declarationRulesOut(candidate, native.info) {
        ruledOut.append((candidate.name, reason))
        continue
      }
      // A probe the dialect cannot express (a native call where its native
      // side cannot call the page) is left out; one at least must run.
      let applicable = fixtures.filter { runner.skipReason($0) == nil }
      guard !applicable.isEmpty else {
        ruledOut.append((candidate.name, fixtures.compactMap(runner.skipReason).first ?? "no probe applies"))
        continue
      }
      var probe = Probe(profile: candidate.name, passed: 0, run: 0, failure: nil)
      for fixture in applicable {
        if shouldStop() { return .failure(Failure(description: "\(shown): interrupted while probing the adapter")) }
        let result = runner.run(fixture)
        probe.run += 1
        guard result.status == .pass else {
          let message = (result.message ?? result.status.rawValue).split(separator: "\n").first.map(String.init) ?? ""
          probe.failure = "\(fixture.id): \(result.status.rawValue): \(message)"
          break
        }
        probe.passed += 1
      }
      probes.append(probe)
    }
    let declared = native.info
    guard !probes.isEmpty else {
      return .failure(
        Failure(
          description:
            "\(shown): the native adapter declares nothing a shipped dialect can run with (transports: "
            + "\(Self.list(declared.transports.map(\.rawValue))); injections: \(Self.list(declared.injections.map(\.rawValue)))"
            + ")\n  hint: its hello must list the transports and injections its bridge supports "
            + "(docs/adapter-protocol.md, Events)"))
    }
    let fitting = probes.filter(\.fits)
    guard !fitting.isEmpty else {
      let best = probes.max { $0.passed < $1.passed } ?? probes[0]
      return .failure(
        Failure(
          description:
            "\(shown): the native adapter answers in no shipped dialect: probed in \(Self.list(probes.map(\.profile))); "
            + "nearest \(best.profile) (\(best.passed) of \(fixtures.count) probes passed; \(best.failure ?? ""))\n"
            + "  hint: run it with --profile FILE, a profile of its dialect (docs/protocol.md section 9), or "
            + "`bridgecheck run --native \(shown) --profile \(best.profile) --verbose` to see where it stops"))
    }
    // The dialect the hello names; else the one with the most probes
    // answered; else the first in order of preference.
    let named = fitting.first { $0.profile == declared.name }
    let most = fitting.map(\.passed).max() ?? 0
    let chosen = named ?? fitting.first { $0.passed == most } ?? fitting[0]
    guard let profile = shipped.first(where: { $0.name == chosen.profile }) else {
      return .failure(Failure(description: "\(shown): the inferred profile \(chosen.profile) did not load"))
    }
    return .success(
      Inferred(profile: profile, declared: declared, probes: probes, namedInHello: named != nil, ruledOut: ruledOut))
  }

  /// Why the adapter's `hello` rules `profile` out (it shares no transport
  /// or no injection with it), or nil.
  static func declarationRulesOut(_ profile: BridgeProfile, _ declared: AdapterInfo) -> String? {
    if !profile.transports.contains(where: declared.transports.contains) {
      return "its signals are \(list(profile.transports.map(\.rawValue))), none of which the adapter declares"
    }
    if !profile.injections.contains(where: declared.injections.contains) {
      return "it injects by \(list(profile.injections.map(\.rawValue))), none of which the adapter declares"
    }
    return nil
  }

  /// The probe scenarios, loaded from bridgecheck's fixtures.
  static func loadProbes() throws(Failure) -> [Fixture] {
    var fixtures: [Fixture] = []
    for relative in probeFixtures {
      switch FixtureLoader().loadFile(Resources.path(relative)) {
      case .success(let fixture): fixtures.append(fixture)
      case .failure(let problems):
        throw Failure(
          description:
            "bridgecheck's probe scenario \(relative) does not load: \(problems.problems.map { "\($0)" }.joined(separator: "; "))"
        )
      }
    }
    return fixtures
  }

  static func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }
}

extension NativeDialectInference.Inferred {
  /// The lines for standard error (`profiles infer --native`), and the
  /// notes of a run report.
  func report(command: String) -> String {
    var lines = ["\(command): the native side speaks \(profile.name) (a shipped profile)."]
    lines.append("evidence:")
    var hello =
      "  declared: hello names it \"\(declared.name)\"\(declared.version.map { " \($0)" } ?? ""), protocol 1.\(declared.minorVersion), "
      + "transports \(NativeDialectInference.list(declared.transports.map(\.rawValue))), injections "
      + "\(NativeDialectInference.list(declared.injections.map(\.rawValue)))"
    if !declared.features.isEmpty { hello += ", features \(declared.features.sorted().joined(separator: ", "))" }
    lines.append(hello)
    for probe in probes {
      let outcome =
        probe.fits
        ? "answers every probe (\(probe.passed) of \(probe.run))"
        : "does not answer: \(probe.failure ?? "")"
      lines.append("  probed as \(probe.profile): \(outcome)")
    }
    if !ruledOut.isEmpty {
      lines.append("  not probed (the declaration rules them out): \(ruledOut.map(\.profile).joined(separator: ", "))")
    }
    lines.append(contentsOf: doubts.map { "unsure: \($0)" })
    return lines.joined(separator: "\n")
  }

  /// What could not be decided: other dialects the adapter answers in
  /// equally well.
  var doubts: [String] {
    guard !alsoFits.isEmpty else { return [] }
    let why =
      namedInHello
      ? "its hello names \(profile.name), which was taken"
      : "\(profile.name) was taken, the first in order of preference"
    return [
      "the native side answers the probes in \(alsoFits.joined(separator: ", ")) as well as in \(profile.name): \(why); "
        + "give --profile NAME when it is meant to speak another"
    ]
  }

  /// The profile with its evidence, as one JSON object (`--format json`).
  func json(command: String) -> JSONValue {
    [
      "profile": profile.json,
      "shipped": .bool(true),
      "nearest": .string(profile.name),
      "declared": [
        "name": .string(declared.name), "version": declared.version.map(JSONValue.string) ?? .null,
        "minor": .number(Double(declared.minorVersion)),
        "transports": .array(declared.transports.map { .string($0.rawValue) }),
        "injections": .array(declared.injections.map { .string($0.rawValue) }),
        "features": .array(declared.features.sorted().map(JSONValue.string)),
      ],
      "probes": .array(
        probes.map { probe in
          [
            "profile": .string(probe.profile), "passed": .number(Double(probe.passed)),
            "run": .number(Double(probe.run)), "failure": probe.failure.map(JSONValue.string) ?? .null,
          ]
        }),
      "ruledOut": .array(ruledOut.map { ["profile": .string($0.profile), "reason": .string($0.reason)] }),
      "equallyNear": .array(alsoFits.map(JSONValue.string)),
      "unsure": .bool(!alsoFits.isEmpty),
      "doubts": .array(doubts.map(JSONValue.string)),
      "differenceLines": .array([]),
      "report": .string(report(command: command)),
    ]
  }
}
