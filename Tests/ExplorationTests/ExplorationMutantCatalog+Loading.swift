import Foundation
import TestSupport
import Testing

@testable import Exploration

@Suite("Exploration mutants")
struct ExplorationMutantCatalogTests {
  @Test("the shipped ones load, and each names what catches it")
  func shipped() {
    let catalog = ExplorationMutantCatalog.load(
      from: packageRoot.appendingPathComponent("conformance/mutants/exploration").path)
    #expect(catalog.problems.isEmpty, "\(catalog.problems.map(\.description))")
    #expect(Set(catalog.mutants.map(\.foundBy)) == [.explore, .fuzz])
    #expect(catalog.mutants.contains { if case .nativeFault = $0.construction { true } else { false } })
    #expect(catalog.mutants.contains { if case .pagePatch = $0.construction { true } else { false } })
    // Schedules and values each have a mutant on both sides.
    for finder in ExplorationMutant.Finder.allCases {
      let found = catalog.mutants.filter { $0.foundBy == finder }
      #expect(found.contains { $0.pageSource != nil }, "no page mutant found by \(finder)")
      #expect(found.contains { $0.nativeFault != nil }, "no native mutant found by \(finder)")
    }
  }

  @Test("a bad mutant file names the file, the pointer and the fix")
  func problems() throws {
    let folder = try temporaryFolder("bridgecheck-exploration")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("native"), withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("native/bad.json")
    try #"{"name": "n", "bug": "b", "seenIn": "s", "foundBy": "explore", "fault": "no-such-fault"}"#
      .write(to: file, atomically: true, encoding: .utf8)
    let catalog = ExplorationMutantCatalog.load(from: folder.path)
    let problem = try #require(catalog.problems.first)
    #expect(problem.file == file.path)
    #expect(problem.pointer.description == "/fault")
    #expect(problem.hint?.contains("responders-cleared-each-batch") == true)
  }
}
