// swift-tools-version: 6.0
import PackageDescription

/// bridgecheck: a conformance harness for WebView <-> native JavaScript bridges.
///
/// Layers, bottom up (each folder under Sources/ is one of them):
/// - CJavaScriptCore: the C API of JavaScriptCore (system library, pkg-config).
/// - JSONModel: JSON values, parser and serializer (no dependencies).
/// - JSRuntime: the only module that touches JavaScriptCore pointers.
/// - PageSimulation: a deterministic simulated page and a WKWebView-shaped host.
/// - BridgecheckCLI: the `bridgecheck` command.
let package = Package(
  name: "bridgecheck",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "bridgecheck", targets: ["BridgecheckCLI"]),
    .library(name: "PageSimulation", targets: ["PageSimulation"]),
    .library(name: "JSRuntime", targets: ["JSRuntime"]),
    .library(name: "JSONModel", targets: ["JSONModel"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .systemLibrary(
      name: "CJavaScriptCore",
      pkgConfig: "javascriptcoregtk-4.1",
      providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
    ),
    .target(name: "JSONModel"),
    .target(
      name: "JSRuntime",
      dependencies: ["CJavaScriptCore", "JSONModel"],
      linkerSettings: [
        .linkedLibrary("javascriptcoregtk-4.1", .when(platforms: [.linux])),
        .linkedFramework("JavaScriptCore", .when(platforms: [.macOS, .iOS])),
      ]
    ),
    .target(name: "PageSimulation", dependencies: ["JSRuntime", "JSONModel"]),
    .executableTarget(
      name: "BridgecheckCLI",
      dependencies: [
        "PageSimulation",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "JSONModelTests", dependencies: ["JSONModel"]),
    .testTarget(name: "JSRuntimeTests", dependencies: ["JSRuntime", "JSONModel"]),
    .testTarget(name: "PageSimulationTests", dependencies: ["PageSimulation", "JSRuntime", "JSONModel"]),
  ],
  swiftLanguageModes: [.v6]
)
