import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import ReferenceImplementations
import TestSupport
import Testing

@testable import ScenarioRunner

/// Every fixture's `subject` is honest: a fixture that judges one side
/// passes (or is skipped, with its reason) whatever correct implementation
/// of the other side we have plays the other side. A `native` fixture runs
/// with every correct page side (bridgecheck's page bridge in every shipped
/// dialect, the calibration bridges that are correct in practice, our page
/// bridge of every dialect); a `page` fixture with every correct native side
/// (the Python adapter, our native bridge of every dialect), the side it
/// judges being bridgecheck's own in the same dialect. A failure here is a
/// fixture that would blame a side for something the other side did.
/// (The reference pair itself, and each dialect bridge with the reference
/// other side on its own side's fixtures, are the other suites' concern.)
@Suite("Fixture subjects are honest")
struct FixtureSubjectHonestyTests {
  static let fixtures = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path]).fixtures
  static let profilesFolder = packageRoot.appendingPathComponent("conformance/profiles").path

  /// A correct implementation of one side, with the dialect it speaks.
  struct Side: Sendable, CustomTestStringConvertible {
    var name: String
    var profile: String
    var testDescription: String { name }
  }

  static func profile(_ nameOrPath: String) throws -> BridgeProfile {
    let path = nameOrPath.hasSuffix(".json") ? packageRoot.appendingPathComponent(nameOrPath).path : nameOrPath
    return try BridgeProfile.load(path, profilesFolder: profilesFolder).get()
  }

  /// `conformance/dialects/dialects.json`: each dialect's folder, profile and files.
  static let dialects: [(name: String, profile: String, page: String, native: [String])] = {
    guard
      let text = try? String(
        contentsOf: packageRoot.appendingPathComponent("conformance/dialects/dialects.json"), encoding: .utf8),
      let entries = (try? JSONValue.parse(text))?["dialects"]?.arrayValue
    else { return [] }
    return entries.compactMap { entry in
      guard let name = entry["name"]?.stringValue, let profile = entry["profile"]?.stringValue,
        let page = entry["page"]?.stringValue, let native = entry["native"]?.arrayValue?.compactMap(\.stringValue)
      else { return nil }
      return (name, profile, page, native)
    }
  }()

  /// The calibration bridges that are correct in practice (all but the
  /// upstream-style one, which carries upstream's known bugs).
  static let calibrations: [String] = {
    let folder = packageRoot.appendingPathComponent("conformance/calibration")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".profile.json") }.map { String($0.dropLast(5)) }
      .filter { name in
        guard let text = try? String(contentsOf: folder.appendingPathComponent("\(name).json"), encoding: .utf8),
          let value = try? JSONValue.parse(text)
        else { return false }
        return value["patch"] != nil && (value["mustFailures"]?.arrayValue ?? []).isEmpty
      }.sorted()
  }()

  /// Every correct page side.
  static let pages: [Side] =
    BridgeProfile.shippedNames(in: profilesFolder).map { Side(name: "reference page (\($0))", profile: $0) }
    + calibrations.map { Side(name: "calibration \($0)", profile: "") }
    + dialects.map { Side(name: "dialect page \($0.name)", profile: $0.profile) }

  /// Every correct native side other than the reference one.
  static let natives: [Side] =
    [Side(name: "python adapter", profile: "wvjb-classic")]
    + dialects.map { Side(name: "dialect native \($0.name)", profile: $0.profile) }

  static func pageImplementation(_ side: Side) throws -> any PageImplementation {
    if side.name.hasPrefix("reference page") { return ReferencePageImplementation(profile: try profile(side.profile)) }
    if side.name.hasPrefix("calibration ") {
      let name = String(side.name.dropFirst("calibration ".count))
      let definition = try JSONValue.parse(
        String(contentsOf: packageRoot.appendingPathComponent("conformance/calibration/\(name).json"), encoding: .utf8))
      var source = try String(
        contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
        encoding: .utf8)
      for step in definition["patch"]?.arrayValue ?? [] {
        source = source.replacingOccurrences(
          of: step["find"]?.stringValue ?? "", with: step["replace"]?.stringValue ?? "")
      }
      return ScriptPageImplementation(
        name: "\(name).js", source: source, profile: try profile(definition["profile"]?.stringValue ?? "wvjb-classic"))
    }
    let dialect = try #require(dialects.first { side.name == "dialect page \($0.name)" })
    let source = try String(contentsOf: packageRoot.appendingPathComponent(dialect.page), encoding: .utf8)
    return ScriptPageImplementation(name: "page.js", source: source, profile: try profile(dialect.profile))
  }

  static func nativeCommand(_ side: Side) throws -> [String] {
    if side.name == "python adapter" {
      return ["python3", packageRoot.appendingPathComponent("conformance/adapters/python/adapter.py").path]
    }
    let dialect = try #require(dialects.first { side.name == "dialect native \($0.name)" })
    return dialect.native.map { $0.hasSuffix(".py") ? packageRoot.appendingPathComponent($0).path : $0 }
  }

  @Test func everySideOfOursIsListed() {
    #expect(Self.dialects.count >= 11)
    #expect(
      Self.calibrations.contains("global-after-callbacks") && Self.calibrations.count >= 6, "\(Self.calibrations)")
    #expect(!Self.calibrations.contains("upstream-6-style"))
  }

  /// A fixture that judges the native side passes whatever correct page
  /// side plays the page.
  @Test(arguments: pages)
  func nativeFixturesPassWithEveryCorrectPageSide(side: Side) throws {
    let runner = FixtureRunner(
      page: try Self.pageImplementation(side), native: ReferenceNativeImplementation(),
      tested: TestedSides(page: false, native: true))
    for fixture in Self.fixtures where fixture.subject == .native {
      let result = runner.run(fixture)
      #expect(
        result.status == .pass || result.status == .skip,
        "\(fixture.id) (subject native) with the \(side.name): \(result.status) \(result.message ?? "")")
    }
  }

  /// A fixture that judges the page side passes whatever correct native
  /// side plays the native side.
  @Test(arguments: natives)
  func pageFixturesPassWithEveryCorrectNativeSide(side: Side) throws {
    let native = AdapterNativeImplementation(command: try Self.nativeCommand(side))
    defer { native.shutdown() }
    #expect(native.startupFailure == nil, "\(side.name): \(native.startupFailure.map { "\($0)" } ?? "")")
    let runner = FixtureRunner(
      page: ReferencePageImplementation(profile: try Self.profile(side.profile)), native: native,
      tested: TestedSides(page: true, native: false))
    for fixture in Self.fixtures where fixture.subject == .page {
      let result = runner.run(fixture)
      #expect(
        result.status == .pass || result.status == .skip,
        "\(fixture.id) (subject page) with the \(side.name): \(result.status) \(result.message ?? "")")
    }
  }
}
