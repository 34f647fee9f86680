import DialectInference
import Dialects
import Foundation
import JSONModel
import TestSupport
import Testing

/// Inference (docs/inference.md) on every page bridge we have: each original
/// and each renamed variant comes out as the profile it is judged under,
/// member by member (its name and description aside), and the same twice.
@Suite("Dialect inference, profile by profile")
struct InferenceProfileTests {
  private func infer(_ subject: InferenceSubject) -> Result<InferredDialect, PageInferenceFailure> {
    PageDialectInference.infer(source: subject.source, file: "\(subject.name).js", shipped: InferenceSubject.shipped)
  }

  /// The members in which the inferred profile differs from the subject's.
  private func differences(_ subject: InferenceSubject) -> [String] {
    switch infer(subject) {
    case .failure(let failure): return ["inference failed: \(failure)"]
    case .success(let inferred):
      return ProfileDifference.between(subject.profile, inferred.profile.json).map(\.description)
    }
  }

  @Test func theSubjectsAreThere() {
    #expect(InferenceSubject.dialects.count == 13)
    #expect(InferenceSubject.calibrations.count >= 6)
    // Every original has at least two renamed variants.
    for original in InferenceSubject.originals {
      #expect(RenamedVariant.variants(of: original).count >= 2, "\(original)")
    }
  }

  @Test(arguments: InferenceSubject.originals)
  func everyOriginalComesOutAsItsOwnProfile(subject: InferenceSubject) {
    #expect(differences(subject).isEmpty, "\(subject): \(differences(subject))")
  }

  @Test(arguments: InferenceSubject.variants)
  func everyRenamedVariantComesOutWithItsNames(subject: InferenceSubject) {
    let found = differences(subject)
    #expect(found.isEmpty, "\(subject): \(found)")
  }

  /// A variant is not its original: the renaming changed the profile too.
  @Test func variantsDifferFromTheirOriginals() {
    for original in InferenceSubject.originals {
      for variant in RenamedVariant.variants(of: original) {
        #expect(variant.source != original.source, "\(variant)")
        #expect(!ProfileDifference.between(original.profile, variant.profile).isEmpty, "\(variant)")
      }
    }
  }

  @Test func aShippedDialectIsInferredAsThatProfileByName() throws {
    guard let subject = InferenceSubject.dialects.first(where: { $0.name == "dialect jsbridge-1" }) else {
      Issue.record("no jsbridge-1 dialect")
      return
    }
    let inferred = try infer(subject).get()
    #expect(inferred.isShipped)
    #expect(inferred.profile.name == "jsbridge-1")
    #expect(inferred.nearest == "jsbridge-1")
  }

  /// A page API of Promises (`callHandler(name, data)` returning a Promise,
  /// handlers answering with their awaited return value) is told from the
  /// callback API of the same wire.
  @Test func aPromisePageAPIIsInferredAsFlutterES7ByName() throws {
    guard let subject = InferenceSubject.dialects.first(where: { $0.name == "dialect flutter-es7" }) else {
      Issue.record("no flutter-es7 dialect")
      return
    }
    let inferred = try infer(subject).get()
    #expect(inferred.isShipped)
    #expect(inferred.profile.name == "flutter-es7")
    #expect(inferred.profile.convention.pageCall == .promise)
    #expect(inferred.profile.convention.pageRegister == .awaited)
    #expect(!inferred.profile.twoArgumentCall)
    #expect(inferred.doubts.isEmpty, "\(inferred.doubts)")
  }

  @Test func aRenamedChannelIsInferredFromTheNearestProfileWithTheDifferenceNamed() throws {
    guard let flutter = InferenceSubject.dialects.first(where: { $0.name == "dialect flutter" }),
      let variant = RenamedVariant.variants(of: flutter).first(where: { $0.name.hasSuffix("renamed channel") })
    else {
      Issue.record("no flutter channel variant")
      return
    }
    let inferred = try infer(variant).get()
    #expect(inferred.nearest == "flutter")
    #expect(inferred.profile.name == "inferred-from-flutter")
    #expect(inferred.differences.map(\.member) == ["signals[0].name"])
    #expect(inferred.differences.first?.after == "bcRenamedChannel")
    // What it could see has evidence; what it could not names the profile it came from.
    #expect(inferred.evidence.contains { $0.member == "signals" && $0.text.contains("bcRenamedChannel.postMessage") })
    #expect(inferred.report(file: "x.js").contains("not visible in the bridge itself (from flutter): injections"))
  }

  /// The inferred profile is a valid profile that reads back as itself.
  @Test(arguments: InferenceSubject.originals.prefix(4) + InferenceSubject.variants.prefix(6))
  func theInferredProfileReadsBackAsItself(subject: InferenceSubject) throws {
    let inferred = try infer(subject).get()
    let decoded = try BridgeProfile.decode(inferred.profile.json, file: "inferred.json").get()
    #expect(decoded == inferred.profile)
  }

  /// A bridge broken on delivery (it recurses, it throws a huge error) is
  /// still its own dialect: no probe's message reaching a handler is no
  /// evidence that the dialect has no native calls (which would skip the
  /// scenarios that show the bug instead of failing them).
  @Test(arguments: ["deep-recursion.js", "huge-error-message.js", "object-prototype-poisoned-before-bridge.js"])
  func aBridgeBrokenOnDeliveryKeepsItsDialect(file: String) throws {
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/hostile/\(file)"), encoding: .utf8)
    let inferred = try PageDialectInference.infer(source: source, file: file, shipped: InferenceSubject.shipped).get()
    #expect(inferred.profile.name == "wvjb-classic", "\(inferred.differenceLines)")
    #expect(inferred.undecided.contains { $0.member == "convention.nativeCalls" })
    #expect(inferred.isUnsure)
  }

  @Test func inferenceIsDeterministic() throws {
    for subject in [InferenceSubject.dialects[0], InferenceSubject.dialects[8]] {
      let first = try infer(subject).get()
      let second = try infer(subject).get()
      #expect(first.profile.json == second.profile.json)
      #expect(first.report(file: "x") == second.report(file: "x"))
    }
  }
}
