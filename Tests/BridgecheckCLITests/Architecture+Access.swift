import Foundation
import TestSupport
import Testing

/// What `public` means here: the API of a library product, and nothing else. The modules of the
/// library products (`.library` in Package.swift) are the only ones with `public` declarations, every
/// one of them has a doc comment, and each product has its page (a DocC catalog); every other module
/// uses `package` (or less).
@Suite("public is the API of the library products")
struct PublicMeansProductAPI {
  @Test("the library products are at most four, each with a DocC page")
  func productsArePromisesWithPages() throws {
    let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let products = Self.libraryProducts(manifest: manifest)
    #expect(!products.isEmpty)
    #expect(products.count <= 4, "Package.swift has \(products.count) library products: \(products.sorted())")
    for product in products.sorted() {
      let page = "Sources/\(product)/\(product).docc/\(product).md"
      #expect(
        FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(page).path),
        "the library product \(product) has no page: write \(page) (what it promises, its main types, an example)")
    }
  }

  @Test("no module outside the library products declares anything public")
  func publicOnlyInProductModules() throws {
    let products = try Self.productModules()
    var problems: [String] = []
    for (module, file) in try Self.swiftFiles() where !products.contains(module) {
      let text = try String(contentsOf: file, encoding: .utf8)
      for declaration in PublicAPIScan.publicDeclarations(in: text) where declaration.explicit {
        problems.append("\(DocumentationPages.relative(file)):\(declaration.line): \(declaration.text)")
      }
    }
    #expect(
      problems.isEmpty,
      "\(problems.count) public declaration(s) outside the library products (\(products.sorted().joined(separator: ", "))); make them `package`:\n\(problems.joined(separator: "\n"))"
    )
  }

  @Test("every public declaration of a library product's module has a doc comment")
  func productAPIIsDocumented() throws {
    let products = try Self.productModules()
    var problems: [String] = []
    var declarations = 0
    for (module, file) in try Self.swiftFiles() where products.contains(module) {
      let text = try String(contentsOf: file, encoding: .utf8)
      for declaration in PublicAPIScan.publicDeclarations(in: text) {
        declarations += 1
        if !declaration.documented {
          problems.append("\(DocumentationPages.relative(file)):\(declaration.line): \(declaration.text)")
        }
      }
    }
    #expect(declarations > 0)
    #expect(
      problems.isEmpty,
      "\(problems.count) public declaration(s) without a `///` doc comment:\n\(problems.joined(separator: "\n"))")
  }

  @Test("the scan finds public declarations, implicit ones too, and whether they are documented")
  func scanFindsPublicDeclarations() {
    let source = #"""
      /// Documented.
      public struct A {
        public var undocumented: Int
        /// Documented, past an attribute.
        @inlinable
        public func f() {}
        // public func inAComment()
        let text = "public func inAString()"
        let script = """
          public func inAMultilineString()
          """
        package func notPublic() {}
      }
      /// A protocol.
      public protocol P {
        func requirement()
        /// Documented.
        var property: Int { get }
      }
      /// An enum.
      public enum E: String {
        case bare
        /// Documented.
        case documented
        func notACase() {}
      }
      enum Internal {
        case notPublic
      }
      /// Open.
      open class C {
        open func overridable() {}
      }
      """#
    let found = PublicAPIScan.publicDeclarations(in: source)
    #expect(found.map(\.line) == [2, 3, 6, 15, 16, 18, 21, 22, 24, 31, 32])
    #expect(found.filter { !$0.documented }.map(\.line) == [3, 16, 22, 32])
    #expect(found.filter { !$0.explicit }.map(\.line) == [16, 18, 22, 24])
  }

  @Test("the product modules are read from the .library calls of Package.swift")
  func productModulesComeFromTheManifest() {
    let manifest = """
      products: [
        .executable(name: "tool", targets: ["Tool"]),
        .library(name: "Kit", targets: ["Kit", "Support"]),
        .library(name: "Adapter", targets: ["Adapter"]),
      ],
      """
    #expect(PublicAPIScan.productModules(manifest: manifest) == ["Kit", "Support", "Adapter"])
    #expect(Self.libraryProducts(manifest: manifest) == ["Kit", "Adapter"])
  }

  /// The modules of the library products.
  static func productModules() throws -> Set<String> {
    PublicAPIScan.productModules(
      manifest: try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8))
  }

  /// The names of the library products (each named after its main module).
  static func libraryProducts(manifest: String) -> Set<String> {
    let library = try! NSRegularExpression(pattern: #"\.library\(\s*name:\s*"([^"]+)""#)
    return Set(
      library.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).compactMap {
        Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) }
      })
  }

  /// Every Swift file under Sources/, with its module (the folder under Sources/).
  static func swiftFiles() throws -> [(module: String, file: URL)] {
    let sources = packageRoot.appendingPathComponent("Sources")
    var files: [(String, URL)] = []
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let folder = sources.appendingPathComponent(module)
      guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "swift" { files.append((module, url)) }
    }
    return files
  }
}
