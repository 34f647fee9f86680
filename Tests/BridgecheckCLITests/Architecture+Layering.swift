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
    ("AdapterHosting", "ReferenceBridges", "the adapter server serves any bridge, not only the reference"),
    ("ReferenceAdapter", "BridgeImplementations", "a Swift adapter links none of the harness"),
  ]

  /// Products whose closure a native bridge's Swift code links: the two library products, and
  /// the reference adapter, a Swift adapter built on `BridgecheckAdapter`.
  static let nativeSideProducts = ["BridgecheckAdapter", "BridgecheckNativeKit", "bridgecheck-reference-adapter"]

  /// What none of them may hold: a JavaScript engine, WebKitGTK, the simulator or an engine.
  static let heavyTargets: Set<String> = [
    "CJavaScriptCore", "CWebKitGTK", "JSRuntime", "PageSimulation", "WebKitEngine",
  ]

  @Test("no target depends on a peer implementation or a layer above its own")
  func noForbiddenDependency() throws {
    let declared = try PackageManifestTargets.read(packageRoot.appendingPathComponent("Package.swift"))
    let problems = Self.forbiddenEdges(in: declared)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("the native-side products hold neither JavaScriptCore, WebKitGTK nor the simulator")
  func nativeSideProductsStayLight() throws {
    let manifest = packageRoot.appendingPathComponent("Package.swift")
    let declared = try PackageManifestTargets.read(manifest)
    let products = Self.products(in: try String(contentsOf: manifest, encoding: .utf8))
    for name in Self.nativeSideProducts where products[name] == nil {
      Issue.record("Package.swift declares no product \(name)")
    }
    let problems = Self.heavyNativeSide(in: declared, products: products)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("the checks find a forbidden edge, direct or through another target")
  func checksFindForbiddenEdges() {
    let broken: [String: Set<String>] = [
      "WebKitEngine": ["Hosting"], "Hosting": ["PageSimulation"], "PageSimulation": [],
      "Supervision": ["Exploration"], "Exploration": [],
      "BridgecheckAdapter": ["JSONModel", "JSRuntime"], "JSRuntime": ["CJavaScriptCore"], "JSONModel": [],
      "BridgecheckNativeKit": ["BridgecheckAdapter"], "WebKit": [],
      "BridgecheckReferenceAdapter": ["ReferenceAdapter"], "ReferenceAdapter": ["ReferenceBridges"],
      "ReferenceBridges": ["WebViewHosting"], "WebViewHosting": ["PageSimulation"],
    ]
    let products = [
      "BridgecheckAdapter": ["BridgecheckAdapter"], "BridgecheckNativeKit": ["BridgecheckNativeKit", "WebKit"],
      "bridgecheck-reference-adapter": ["BridgecheckReferenceAdapter"],
    ]
    let edges = Self.forbiddenEdges(in: broken)
    #expect(edges.contains { $0.hasPrefix("WebKitEngine depends on PageSimulation") })
    #expect(edges.contains { $0.hasPrefix("Supervision depends on Exploration") })
    let heavy = Self.heavyNativeSide(in: broken, products: products)
    #expect(heavy.contains { $0.hasPrefix("the BridgecheckAdapter product holds CJavaScriptCore") })
    #expect(heavy.contains { $0.hasPrefix("the BridgecheckNativeKit product holds CJavaScriptCore") })
    #expect(heavy.contains { $0.hasPrefix("the bridgecheck-reference-adapter product holds PageSimulation") })
    #expect(!heavy.contains { $0.hasPrefix("the bridgecheck-reference-adapter product holds CJavaScriptCore") })
    let manifest = """
      .executable(name: "tool", targets: ["Tool"]),
      .library(
        name: "Kit", targets: ["Kit", "Model"]),
      """
    #expect(Self.products(in: manifest) == ["tool": ["Tool"], "Kit": ["Kit", "Model"]])
    #expect(Self.forbiddenEdges(in: ["WebKitEngine": ["Hosting"], "Hosting": []]).isEmpty)
  }

  static func forbiddenEdges(in graph: [String: Set<String>]) -> [String] {
    forbidden.compactMap { module, banned, reason in
      closure(of: [module], in: graph).contains(banned) ? "\(module) depends on \(banned): \(reason)" : nil
    }
  }

  static func heavyNativeSide(in graph: [String: Set<String>], products: [String: [String]]) -> [String] {
    nativeSideProducts.flatMap { product in
      let targets = products[product] ?? []
      return closure(of: targets, in: graph).union(targets).intersection(heavyTargets).sorted().map {
        "the \(product) product holds \($0) in its closure"
      }
    }
  }

  /// The products of a Package.swift (`.library` and `.executable` calls): name → targets.
  static func products(in manifest: String) -> [String: [String]] {
    let call = try! NSRegularExpression(
      pattern: #"\.(?:library|executable)\(\s*name:\s*"([^"]+)",\s*targets:\s*\[([^\]]*)\]"#)
    var products: [String: [String]] = [:]
    for match in call.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
      guard let name = Range(match.range(at: 1), in: manifest), let list = Range(match.range(at: 2), in: manifest)
      else { continue }
      products[String(manifest[name])] = manifest[list].split(separator: ",").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\""))
      }
    }
    return products
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
