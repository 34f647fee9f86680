import BridgeImplementations
import Foundation
import JSONModel
import ReferenceBridges
import ReferenceImplementations
import ScenarioRunner

/// A mutant whose bug shows only under some schedules or some values, from
/// `conformance/mutants/exploration/`: `page/*.json` are patches of the
/// reference page bridge (the format of `conformance/mutants/page/`),
/// `native/*.json` name an ``ExplorationFault``:
/// `{"name", "bug", "seenIn", "fault", "foundBy"}`. `foundBy` says what
/// catches it: `explore` (schedules) or `fuzz` (values).
package struct ExplorationMutant: Sendable, Hashable {
  /// How the mutant is built.
  package enum Construction: Sendable, Hashable {
    /// The reference page bridge with text replacements (find, replace).
    case pagePatch([[String]])
    /// The reference native bridge with an exploration fault.
    case nativeFault(ExplorationFault)
  }

  /// What catches the mutant.
  package enum Finder: String, Sendable, Hashable, CaseIterable {
    case explore, fuzz
  }

  /// Unique name.
  package var name: String
  /// The bug, in one sentence.
  package var bug: String
  /// Where bridges in the wild have it.
  package var seenIn: String
  /// How it is built.
  package var construction: Construction
  /// What catches it.
  package var foundBy: Finder
  /// The definition file.
  package var file: String

  /// The page side under test: the patched reference, or the reference.
  package var page: any PageImplementation {
    pageSource.map { ReferencePageImplementation(source: $0) } ?? ReferencePageImplementation()
  }

  /// The patched reference page bridge of a page mutant; nil for a native one.
  package var pageSource: String? {
    guard case .pagePatch(let replacements) = construction else { return nil }
    var source = ReferenceScripts.pageBridge
    for pair in replacements {
      if let range = source.range(of: pair[0]) { source.replaceSubrange(range, with: pair[1]) }
    }
    return source
  }

  /// The fault of a native mutant; nil for a page one.
  package var nativeFault: ExplorationFault? {
    guard case .nativeFault(let fault) = construction else { return nil }
    return fault
  }

  /// The native side under test.
  package var native: any NativeImplementation {
    guard case .nativeFault(let fault) = construction else { return ReferenceNativeImplementation() }
    return ExplorationNativeImplementation(fault: fault)
  }

  /// The side under test, as a runner judges it.
  package var tested: TestedSides {
    if case .pagePatch = construction { return TestedSides(page: true, native: false) }
    return TestedSides(page: false, native: true)
  }

  /// A runner of this mutant.
  package func runner(options: RunOptions = RunOptions()) -> FixtureRunner {
    FixtureRunner(page: page, native: native, tested: tested, options: options)
  }
}
