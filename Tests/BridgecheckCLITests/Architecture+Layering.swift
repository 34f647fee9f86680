import Foundation
import TestSupport
import Testing

/// The layering rules of ARCHITECTURE.md, checked on Package.swift: the two engines are peers on
/// the host abstractions, the protocols sit below the implementations, the supervisor knows no
/// run mode, and what a native bridge's own Swift code links holds no JavaScript engine, no
/// WebKitGTK and no simulator.
@Suite("Package.swift keeps its layering")
struct PackageLayering {
  /// Pairs (module, module it must never depend on, directly or through others).
  static let forbidden: [(String, String, String)] = [
    ("PageSimulation", "WebKitEngine", "the engines are peers on WebViewHosting"),
    ("WebKitEngine", "PageSimulation", "the engines are peers on WebViewHosting"),
    ("WebViewHosting", "JSRuntime", "the host abstractions need no JavaScript engine"),
    ("BridgeImplementations", "ReferenceBridges", "the protocols sit below the reference implementations"),
    ("Supervision", "Exploration", "a run mode registers with the supervisor, which imports none"),
    ("ProcessSupport", "BridgeImplementations", "process support is below the adapter"),
  ]

  /// Library products whose closure a native bridge's Swift code links.
  static let nativeSideProducts: [String: [String]] = [
    "BridgecheckAdapter": ["BridgecheckAdapter"],
    "BridgecheckNativeKit": ["BridgecheckNativeKit", "WebKit"],
  ]

  @Test("no target depends on a peer implementation or a layer above its own")
  func noForbiddenDependency() throws {
    let declared = try PackageManifestTargets.read(packageRoot.appendingPathComponent("Package.swift"))
    let problems = Self.forbiddenEdges(in: declared)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("the native-side products hold neither JavaScriptCore, WebKitGTK nor the simulator")
  func nativeSideProductsStayLight() throws {
    let declared = try PackageManifestTargets.read(packageRoot.appendingPathComponent("Package.swift"))
    let problems = Self.heavyNativeSide(in: declared)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("the checks find a forbidden edge, direct or through another target")
  func checksFindForbiddenEdges() {
    let broken: [String: Set<String>] = [
      "WebKitEngine": ["Hosting"], "Hosting": ["PageSimulation"], "PageSimulation": [],
      "Supervision": ["Exploration"], "Exploration": [],
      "BridgecheckAdapter": ["JSONModel", "JSRuntime"], "JSRuntime": ["CJavaScriptCore"], "JSONModel": [],
      "BridgecheckNativeKit": ["BridgecheckAdapter"], "WebKit": [],
    ]
    let edges = Self.forbiddenEdges(in: broken)
    #expect(edges.contains { $0.hasPrefix("WebKitEngine depends on PageSimulation") })
    #expect(edges.contains { $0.hasPrefix("Supervision depends on Exploration") })
    let heavy = Self.heavyNativeSide(in: broken)
    #expect(heavy.contains { $0.hasPrefix("the BridgecheckAdapter product holds CJavaScriptCore") })
    #expect(heavy.contains { $0.hasPrefix("the BridgecheckNativeKit product holds CJavaScriptCore") })
    #expect(Self.forbiddenEdges(in: ["WebKitEngine": ["Hosting"], "Hosting": []]).isEmpty)
  }

  static func forbiddenEdges(in graph: [String: Set<String>]) -> [String] {
    forbidden.compactMap { module, banned, reason in
      closure(of: [module], in: graph).contains(banned) ? "\(module) depends on \(banned): \(reason)" : nil
    }
  }

  static func heavyNativeSide(in graph: [String: Set<String>]) -> [String] {
    nativeSideProducts.sorted { $0.key < $1.key }.flatMap { product, targets in
      closure(of: targets, in: graph).intersection(["CJavaScriptCore", "CWebKitGTK", "PageSimulation"]).sorted().map {
        "the \(product) product holds \($0) in its closure"
      }
    }
  }

  /// Every target reachable from `roots` (the roots excluded).
  static func closure(of roots: [String], in graph: [String: Set<String>]) -> Set<String> {
    var seen: Set<String> = []
    var stack = roots.flatMap { graph[$0] ?? [] }
    while let next = stack.popLast() {
      if seen.insert(next).inserted { stack.append(contentsOf: graph[next] ?? []) }
    }
    return seen
  }
}
