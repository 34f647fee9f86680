// swift-tools-version: 6.1
import PackageDescription

/// bridgecheck: a conformance harness for WebView <-> native JavaScript bridges.
///
/// Layers, bottom up (each folder under Sources/ is one of them):
/// - CJavaScriptCore: the C API of JavaScriptCore (system library, pkg-config).
/// - CProcessControl: the two `prctl` calls (subreaper, parent-death signal),
///   the allocator's thresholds (`mallopt`) and the CPU affinity of a thread.
/// - JSONModel: JSON values, parser and serializer (no dependencies).
/// - ProcessSupport: child processes, process trees, CPU affinity, shell
///   words; what the adapter client and the worker supervisor both use.
/// - BridgecheckAdapter: what a native adapter written in Swift needs (the
///   adapter protocol's wire names, its command loop); JSONModel only.
/// - WebKit, BridgecheckNativeKit: the Swift native kit, a stand-in for
///   Apple's WebKit API and the kit that serves a bridge built on it over the
///   adapter protocol; on BridgecheckAdapter alone (no JavaScriptCore, no
///   WebKitGTK, no simulator).
/// - JSRuntime: the only module that touches JavaScriptCore pointers.
/// - WebViewHosting: the host abstractions both engines sit on (`WebViewHost`,
///   `HarnessWebViewHost`, `PageEngine`, the trace, the virtual clock, the
///   schedule choices); JSONModel only, no JavaScript engine.
/// - PageSimulation, WebKitEngine: the two engines, peers on WebViewHosting
///   that never import each other: a deterministic simulated page on
///   JavaScriptCore, and a real WebKitGTK web view (trait `WebKitGTK`).
/// - Dialects: the dialect model of the WVJB family (profiles), its loading
///   and validation, the translation of wire messages, and what a scenario
///   asks of both sides (`SessionConfiguration`).
/// - DialectInference: working out a bridge's dialect from what it does
///   (`bridgecheck profiles infer`, `run` without `--profile`).
/// - ReferenceBridges: bridgecheck's own known-good native (Swift) and page (JS)
///   bridges, on WebViewHosting and Dialects.
/// - AdapterHosting: the adapter protocol on the host abstractions: its typed
///   messages (`AdapterInfo`, a `start`'s configuration, dialog answers,
///   evaluation errors), shared by the harness's client and a Swift server,
///   and `AdapterServer`, which serves a native bridge written against
///   `WebViewHost` on `BridgecheckAdapter`'s command loop.
/// - ReferenceAdapter, BridgecheckReferenceAdapter: the reference native bridge
///   on `AdapterServer`, and the `bridgecheck-reference-adapter` executable that
///   serves it: the worked example of a Swift adapter, whose closure holds
///   neither JavaScriptCore, WebKitGTK nor the simulator
///   (`bridgecheck reference-adapter` is an alias of it).
/// - BridgeImplementations: the two protocols every implementation sits behind
///   (page side, native side), a page bridge from a JS file and the harness's
///   side of the stdio adapter (client, doctor).
/// - ReferenceImplementations: the reference bridges behind those protocols, in
///   process.
/// - ScenarioRunner: fixtures (model, loading, validation), running and judging.
/// - Supervision: `bridgecheck run`'s worker processes and the supervisor that
///   holds them to their wall-clock and memory limits; what a worker does with
///   a scenario beyond one run is a registered run mode (`WorkerRunMode`).
/// - Exploration: seeded schedule exploration and payload property fuzzing,
///   with replay and shrinking (`run --explore`, `fuzz`); registers itself as
///   a run mode of the workers.
/// - Mutation: deliberately broken bridges (mutants) and the mutant × fixture matrix.
/// - Reporters: terminal table, JSON, JUnit XML and Markdown reports.
/// - RunPipeline: one run of the gate (`bridgecheck run`) as a value the CLI
///   builds and runs: in process or on the workers, streamed fixtures,
///   `--max-failures`, the adapter circuit breaker, the expectations file.
/// - BridgecheckBenchmarks: the `bridgecheck-bench` measurement command.
/// - BridgecheckCLI: the `bridgecheck` command.
///
/// JSON parsing, script escaping, string transcoding across the engine boundary and the
/// page's URL serialization (a signal URL may carry a megabyte of JSON) are
/// compiled with optimization in debug builds too: unoptimized, a megabyte
/// payload costs a quarter of a second per crossing, which the tests and the
/// mutation matrix (every mutant × every fixture) would pay thousands of times.
///
/// Only when bridgecheck is the package being built: SwiftPM refuses unsafe
/// flags in a package that another one depends on by version (a Swift port
/// that uses the `BridgecheckNativeKit` or `BridgecheckAdapter` library), and checks such
/// dependencies out under a `checkouts` folder. `BRIDGECHECK_PLAIN_DEBUG=1`
/// turns it off here too.
let isDependency = Context.packageDirectory.contains("/checkouts/")
let plainDebug = Context.environment["BRIDGECHECK_PLAIN_DEBUG"] == "1"
let hotLoopSettings: [SwiftSetting] =
  isDependency || plainDebug ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
  name: "bridgecheck",
  // Synchronization (Mutex) needs macOS 15; only Linux is tested here.
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "bridgecheck", targets: ["BridgecheckCLI"]),
    .executable(name: "bridgecheck-bench", targets: ["BridgecheckBenchmarks"]),
    // The reference native bridge as a Swift adapter on BridgecheckAdapter (no JavaScriptCore).
    .executable(name: "bridgecheck-reference-adapter", targets: ["BridgecheckReferenceAdapter"]),
    // The two library products are promises: their modules' `public` declarations are the API
    // (docs/api/). Every other module uses `package` access; users run `bridgecheck`, they do
    // not link the harness.
    .library(name: "BridgecheckAdapter", targets: ["BridgecheckAdapter", "JSONModel"]),
    .library(name: "BridgecheckNativeKit", targets: ["BridgecheckNativeKit", "WebKit"]),
  ],
  // The real engine is optional: `swift build --traits WebKitGTK` (needs libwebkit2gtk-4.1-dev;
  // its tests need a display, e.g. xvfb-run). The default build needs only JavaScriptCore.
  traits: [
    .trait(name: "WebKitGTK", description: "A real WebKitGTK web view as a second engine (issue #14).")
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .systemLibrary(
      name: "CWebKitGTK",
      pkgConfig: "webkit2gtk-4.1",
      providers: [.apt(["libwebkit2gtk-4.1-dev"])]
    ),
    .target(
      name: "WebKitEngine",
      dependencies: [
        "WebViewHosting",
        .target(name: "CWebKitGTK", condition: .when(traits: ["WebKitGTK"])), "JSRuntime", "JSONModel",
      ],
      resources: [.copy("Scripts")]
    ),
    .systemLibrary(
      name: "CJavaScriptCore",
      pkgConfig: "javascriptcoregtk-4.1",
      providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
    ),
    .target(name: "JSONModel", swiftSettings: hotLoopSettings),
    // SHA-256 for the digests of cut payloads and fixture sets; optimized in debug builds too.
    .target(name: "Digest", swiftSettings: hotLoopSettings),
    .target(name: "CProcessControl"),
    // Child processes, process trees, CPU affinity, shell words: what the
    // adapter client and the worker supervisor both start and watch processes with.
    .target(name: "ProcessSupport", dependencies: ["CProcessControl"]),
    .target(
      name: "JSRuntime",
      dependencies: ["CJavaScriptCore", "CProcessControl", "JSONModel"],
      swiftSettings: hotLoopSettings,
      linkerSettings: [
        .linkedLibrary("javascriptcoregtk-4.1", .when(platforms: [.linux])),
        .linkedFramework("JavaScriptCore", .when(platforms: [.macOS, .iOS])),
      ]
    ),
    // The host abstractions both engines sit on (WebViewHost, HarnessWebViewHost,
    // PageEngine, the trace, the clock): no JavaScript engine, no simulator.
    .target(name: "WebViewHosting", dependencies: ["JSONModel"]),
    .target(
      name: "PageSimulation", dependencies: ["WebViewHosting", "JSRuntime", "JSONModel"],
      resources: [.copy("Environment/Scripts")], swiftSettings: hotLoopSettings
    ),
    .target(name: "Dialects", dependencies: ["JSONModel"]),
    // What a native adapter written in Swift needs (wire names, the command
    // loop); JSON over stdio only: no JavaScriptCore, no WebKitGTK, no simulator.
    .target(name: "BridgecheckAdapter", dependencies: ["JSONModel"]),
    // The Swift native kit: `WebKit`, a stand-in for the part of Apple's
    // WebKit API that bridges use, and the kit that serves a bridge built on
    // it over the adapter protocol. Built on BridgecheckAdapter alone.
    .target(name: "WebKit"),
    .target(name: "BridgecheckNativeKit", dependencies: ["WebKit", "BridgecheckAdapter", "JSONModel"]),
    .target(
      name: "DialectInference",
      dependencies: ["WebViewHosting", "Dialects", "PageSimulation", "JSRuntime", "JSONModel"],
      resources: [.copy("Scripts")]
    ),
    .target(
      name: "ReferenceBridges",
      dependencies: ["WebViewHosting", "Dialects", "JSONModel"],
      resources: [.copy("Resources")],
      swiftSettings: hotLoopSettings
    ),
    // The adapter protocol on the host abstractions: its typed messages (both
    // sides) and the server that serves a bridge written against WebViewHost.
    .target(
      name: "AdapterHosting", dependencies: ["BridgecheckAdapter", "WebViewHosting", "Dialects", "JSONModel"]
    ),
    // The reference native bridge behind the adapter protocol, and the program
    // that serves it: no JavaScriptCore, no WebKitGTK, no simulator, no harness.
    .target(
      name: "ReferenceAdapter",
      dependencies: ["AdapterHosting", "ReferenceBridges", "BridgecheckAdapter", "Dialects", "JSONModel"]
    ),
    .executableTarget(name: "BridgecheckReferenceAdapter", dependencies: ["ReferenceAdapter"]),
    .target(
      name: "BridgeImplementations",
      dependencies: [
        "WebViewHosting", "AdapterHosting",
        "BridgecheckAdapter", "Dialects", "JSONModel", "ProcessSupport",
      ]
    ),
    // The in-process reference implementations: the reference bridges behind the protocols.
    .target(
      name: "ReferenceImplementations",
      dependencies: [
        "WebViewHosting",
        "BridgeImplementations", "ReferenceBridges", "BridgecheckAdapter", "Dialects", "JSONModel",
      ]
    ),
    .target(
      name: "ScenarioRunner",
      dependencies: [
        "JSRuntime", "BridgecheckAdapter", "WebViewHosting",
        "Dialects", "BridgeImplementations", "ProcessSupport", "ReferenceBridges", "PageSimulation", "JSONModel",
        "Digest",
      ],
      resources: [.copy("Running/Scripts")]
    ),
    .target(
      name: "Exploration",
      dependencies: [
        "Supervision",
        "JSRuntime", "Dialects", "WebViewHosting",
        "ScenarioRunner", "BridgeImplementations", "ReferenceImplementations", "ReferenceBridges",
        "JSONModel",
      ]
    ),
    .target(
      name: "Supervision",
      dependencies: [
        "Dialects", "WebViewHosting", "ScenarioRunner", "BridgeImplementations", "ProcessSupport",
        "ReferenceImplementations",
        "PageSimulation",
        "JSONModel",
      ]
    ),
    .target(
      name: "Mutation",
      dependencies: [
        "PageSimulation", "WebViewHosting",
        "Exploration", "Supervision", "ScenarioRunner", "BridgeImplementations", "ReferenceImplementations",
        "ReferenceBridges", "JSONModel",
      ]
    ),
    .target(
      name: "Reporters",
      dependencies: ["WebViewHosting", "ScenarioRunner", "JSONModel"]
    ),
    // One run of the gate as a value (`GateRun`): the CLI builds it from its options and maps its
    // outcome to reports and an exit status; the tests run it in process.
    .target(
      name: "RunPipeline",
      dependencies: [
        "Exploration", "Supervision", "ScenarioRunner", "BridgeImplementations", "WebViewHosting",
      ]
    ),
    .executableTarget(
      name: "BridgecheckBenchmarks",
      dependencies: [
        "BridgecheckAdapter", "WebViewHosting", "Supervision", "ScenarioRunner", "BridgeImplementations",
        "ProcessSupport",
        "ReferenceImplementations",
        "ReferenceBridges", "PageSimulation",
        "JSRuntime", "JSONModel", "Dialects",
      ]
    ),
    .executableTarget(
      name: "BridgecheckCLI",
      dependencies: [
        "JSRuntime", "ReferenceBridges", "Dialects", "WebViewHosting",
        "Reporters", "Mutation", "Exploration", "Supervision", "ScenarioRunner", "BridgeImplementations",
        "ProcessSupport",
        "ReferenceImplementations",
        "PageSimulation",
        "JSONModel", "WebKitEngine", "DialectInference", "AdapterHosting", "ReferenceAdapter", "RunPipeline",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // bridgecheck's own Swift WKWebView bridge in the wkwebview-port dialect, under the kit.
    .executableTarget(
      name: "WKWebViewPortKitCheck", dependencies: ["BridgecheckNativeKit", "WebKit"],
      path: "conformance/native-kits/swift/wkwebview-port"),
    // What the test targets share: the checkout's root, temporary folders, the built binary.
    // The page bridges inference is checked on (`InferenceSubject`), in process and end to end.
    .target(name: "TestSupport", dependencies: ["Dialects", "JSONModel"], path: "Tests/TestSupport"),
    .testTarget(name: "JSONModelTests", dependencies: ["JSONModel"]),
    .testTarget(
      name: "WebKitEngineTests",
      dependencies: [
        "WebViewHosting",
        "WebKitEngine", "ScenarioRunner", "BridgeImplementations", "ProcessSupport", "ReferenceImplementations",
        "PageSimulation",
        "JSRuntime", "JSONModel", "TestSupport",
      ]
    ),
    .testTarget(name: "DialectsTests", dependencies: ["Dialects", "JSONModel", "TestSupport"]),
    .testTarget(name: "JSRuntimeTests", dependencies: ["JSRuntime", "JSONModel"]),
    .testTarget(
      name: "PageSimulationTests",
      dependencies: ["WebViewHosting", "PageSimulation", "JSRuntime", "JSONModel", "TestSupport"],
      exclude: ["Resources"]
    ),
    .testTarget(
      name: "ReportersTests",
      dependencies: ["WebViewHosting", "Reporters", "ScenarioRunner", "PageSimulation", "JSONModel", "TestSupport"],
      exclude: ["Goldens", "Schemas"]
    ),
    .testTarget(
      name: "BridgecheckCLITests",
      // The Swift native kit and our bridge built on it: the kit's tests compile against them.
      dependencies: [
        "BridgecheckCLI", "Dialects", "JSONModel", "BridgecheckNativeKit", "WKWebViewPortKitCheck",
        "TestSupport",
      ]
    ),
    .testTarget(
      name: "ExplorationTests",
      dependencies: [
        "Dialects", "WebViewHosting",
        "Exploration", "ScenarioRunner", "BridgeImplementations", "ReferenceImplementations",
        "JSONModel", "TestSupport",
      ]
    ),
    .testTarget(
      name: "MutationTests",
      dependencies: [
        "Dialects", "WebViewHosting",
        "Mutation", "Exploration", "ScenarioRunner", "BridgeImplementations", "ReferenceImplementations",
        "ReferenceBridges", "JSONModel",
        "Supervision",
        "PageSimulation", "TestSupport",
      ]
    ),
    .testTarget(
      name: "SupervisionTests",
      dependencies: [
        "Exploration",
        "ReferenceBridges", "WebViewHosting",
        "Supervision", "ScenarioRunner", "BridgeImplementations", "ProcessSupport", "ReferenceImplementations",
        "JSONModel", "TestSupport",
      ]
    ),
    .testTarget(
      name: "ScenarioRunnerTests",
      dependencies: [
        "ReferenceBridges", "BridgecheckAdapter", "Dialects", "WebViewHosting",
        "ScenarioRunner", "BridgeImplementations", "ProcessSupport", "ReferenceImplementations", "PageSimulation",
        "JSRuntime",
        "JSONModel", "TestSupport", "Digest",
      ]
    ),
    // The adapter client and server and the process utilities, run through the scenario runner.
    .testTarget(
      name: "BridgeImplementationsTests",
      dependencies: [
        "BridgeImplementations", "ScenarioRunner", "Dialects", "PageSimulation", "JSONModel", "TestSupport",
        "BridgecheckAdapter", "WebViewHosting", "ProcessSupport", "ReferenceImplementations", "ReferenceBridges",
        "JSRuntime", "AdapterHosting", "ReferenceAdapter",
      ]
    ),
    .testTarget(
      name: "RunPipelineTests",
      dependencies: [
        "RunPipeline", "ScenarioRunner", "BridgeImplementations", "ReferenceImplementations", "WebViewHosting",
        "PageSimulation", "ReferenceBridges", "Dialects", "Supervision", "TestSupport",
      ]
    ),
    .testTarget(
      name: "DialectInferenceTests",
      dependencies: ["DialectInference", "Dialects", "JSRuntime", "JSONModel", "TestSupport"]
    ),
    .testTarget(
      name: "ReferenceBridgesTests",
      dependencies: [
        "Dialects", "WebViewHosting", "ReferenceBridges", "PageSimulation", "JSRuntime", "JSONModel", "TestSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
