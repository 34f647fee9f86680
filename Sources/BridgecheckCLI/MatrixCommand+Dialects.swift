import BridgeImplementations
import Dialects
import Foundation
import Mutation
import ReferenceImplementations
import Reporters
import ScenarioRunner

/// The matrix's dialect rows: bridgecheck's own bridge in each dialect of
/// `conformance/dialects/dialects.json`, under the dialect's profile, its
/// page side with the reference native bridge, its native side with the
/// reference page bridge, and both together. The list is data: a dialect
/// joins the matrix by being listed, and one that still fails shows so.
extension MatrixCommand {
  /// The list of dialect bridges.
  var dialectListPath: String { Resources.path("conformance/dialects/dialects.json") }

  /// The listed dialect bridges.
  func dialectBridges() throws -> [DialectBridge] {
    switch DialectBridge.loadAll(from: dialectListPath, resolvePath: Resources.resolve) {
    case .success(let loaded): return loaded
    case .failure(let found): throw FixtureSelection.describe(found.problems)
    }
  }

  /// Runs every dialect bridge of `bridges` three ways over `fixtures`.
  func dialectRows(_ bridges: [DialectBridge], _ fixtures: [Fixture], progress: MatrixProgress) throws
    -> [InteropDialectRow]
  {
    guard !bridges.isEmpty else { return [] }
    AdapterNativeImplementation.installTerminationHandlers()
    var rows: [InteropDialectRow] = []
    for bridge in bridges {
      guard !Interrupt.requested else { break }
      let profile: BridgeProfile
      switch BridgeProfile.load(bridge.profile, profilesFolder: Resources.profilesFolder) {
      case .success(let loaded): profile = loaded
      case .failure(let problem): throw CLIError.usage("\(dialectListPath) (\(bridge.name)): \(problem)")
      }
      guard let data = FileManager.default.contents(atPath: bridge.page),
        let source = String(data: data, encoding: .utf8)
      else {
        throw CLIError.usage(
          "\(dialectListPath) (\(bridge.name)): cannot read the page script \(bridge.page)")
      }
      let page = ScriptPageImplementation(name: "\(bridge.name) page.js", source: source, profile: profile)
      let referencePage = ReferencePageImplementation(profile: profile)
      let native = { AdapterNativeImplementation(command: bridge.native, shouldStop: { Interrupt.requested }) }
      let pageInfo = ImplementationInfo(name: "\(bridge.name) page.js", version: nil)
      let nativeInfo = ImplementationInfo(name: "\(bridge.name) native.py", version: nil)
      func pair(
        _ pageSide: any PageImplementation, _ nativeSide: any NativeImplementation, _ tested: TestedSides,
        _ pageName: ImplementationInfo, _ nativeName: ImplementationInfo
      ) -> InteropPair {
        let runner = FixtureRunner(page: pageSide, native: nativeSide, tested: tested)
        let results = SuiteRunner(runner: runner, jobs: jobs).run(
          fixtures, progress: progress.callback("\(bridge.name): \(pageName.name) × \(nativeName.name)"),
          shouldStop: { Interrupt.requested })
        progress.pairDone()
        return InteropPair(page: pageName, native: nativeName, results: results)
      }
      rows.append(
        InteropDialectRow(
          dialect: bridge.name, profile: profile.name,
          pageSide: pair(
            page, ReferenceNativeImplementation(), TestedSides(page: true, native: false), pageInfo,
            ImplementationInfo(name: "reference native (\(profile.name))", version: nil)),
          nativeSide: pair(
            referencePage, native(), TestedSides(page: false, native: true),
            ImplementationInfo(name: "reference page bridge (\(profile.name))", version: nil), nativeInfo),
          bothSides: pair(page, native(), .both, pageInfo, nativeInfo)))
    }
    return rows
  }
}
