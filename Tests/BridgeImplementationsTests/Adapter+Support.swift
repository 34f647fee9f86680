import AdapterHosting
import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import PageSimulation
import ReferenceAdapter
import ReferenceImplementations
import TestSupport
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// The reference pair, in process: what the adapter runs are compared with.
let referenceRunner = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())

/// Helpers shared by the adapter tests.
enum AdapterTestSupport {
  /// `python3` and the shipped Python adapter.
  static let pythonAdapter = [
    "python3", packageRoot.appendingPathComponent("conformance/adapters/python/adapter.py").path,
  ]

  /// The command of a faulty adapter in `conformance/adapters/faulty/`.
  static func faulty(_ name: String) -> [String] {
    ["python3", packageRoot.appendingPathComponent("conformance/adapters/faulty/\(name).py").path]
  }

  /// Limits for tests that compare verdicts and traces, not speed: a busy
  /// CI machine (other suites run in parallel, the 1 MB payload scenarios
  /// through a debug build) must not turn a slow answer into an `error`.
  static let verdictLimits = AdapterLimits(commandTimeout: .seconds(30))

  /// The shipped profiles' folder and their names.
  static let profilesFolder = packageRoot.appendingPathComponent("conformance/profiles").path
  static let profileNames = BridgeProfile.shippedNames(in: profilesFolder)

  /// A shipped profile by name.
  static func profile(_ name: String) throws -> BridgeProfile {
    try BridgeProfile.load(name, profilesFolder: profilesFolder).get()
  }

  /// The shipped fixtures, and the problems of loading them.
  static let loaded = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path])

  /// The shipped fixtures.
  static var fixtures: [Fixture] { loaded.fixtures }

  /// Fails the current test when the shipped fixtures did not load.
  static func requireFixtures(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(
      loaded.problems.isEmpty && loaded.fixtures.count > 10,
      "the shipped fixtures did not load (\(loaded.fixtures.count) loaded): \(loaded.problems.prefix(3).map(\.description))",
      sourceLocation: sourceLocation)
  }

  /// The commands and events of one run of `fixtures` through the Python
  /// adapter at `minor`; `commandFilter` and `eventFilter` are `sed`
  /// programs applied to the lines on their way (to play an adapter that
  /// ignores a member, or one that claims what it did not do).
  static func recordedRun(
    minor: Int, fixtures: [Fixture], commandFilter: String = "", eventFilter: String = ""
  ) throws -> (results: [ScenarioResult], commands: [String], events: [String]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bridgecheck-answers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let commandsFile = folder.appendingPathComponent("commands.jsonl").path
    let eventsFile = folder.appendingPathComponent("events.jsonl").path
    let script = #"sed -u "$3" | tee "$0" | python3 "$1" | sed -u "$4" | tee "$2""#
    let command = [
      "sh", "-c", script, commandsFile, AdapterTestSupport.pythonAdapter[1], eventsFile, commandFilter, eventFilter,
    ]
    let native = AdapterNativeImplementation(
      command: command, limits: AdapterTestSupport.verdictLimits, protocolMinorVersion: minor)
    #expect(native.startupFailure == nil, "\(native.startupFailure?.message ?? "")")
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let results = SuiteRunner(runner: runner, jobs: 1).run(fixtures)
    native.shutdown()
    func lines(_ path: String) throws -> [String] {
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }
    return (results, try lines(commandsFile), try lines(eventsFile))
  }

  /// Shipped fixtures that judge the native side (or the pair) and whose
  /// page asks for injection (so every scenario talks to the adapter), for
  /// the faulty-adapter tests.
  static func nativeFixtures(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Fixture] {
    let selected = fixtures.filter { fixture in
      fixture.subject != .page && (fixture.setup.injection ?? .bridgeLoaded) == .bridgeLoaded
        && fixture.setup.pageSetup == .snippet
    }
    try #require(selected.count >= count, "only \(selected.count) suitable fixtures", sourceLocation: sourceLocation)
    return Array(selected.prefix(count))
  }

  /// The built `bridgecheck` executable (for `bridgecheck reference-adapter`):
  /// `BRIDGECHECK_EXECUTABLE`, else next to the test bundle (SwiftPM puts
  /// executables and the test bundle in the same build folder; on macOS the
  /// bundle's executable sits three levels deeper), else any build folder of
  /// the package.
  static let bridgecheckExecutable: String? = {
    let fileManager = FileManager.default
    func executable(_ path: String) -> Bool {
      var isDirectory: ObjCBool = false
      return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        && fileManager.isExecutableFile(atPath: path)
    }
    if let path = ProcessInfo.processInfo.environment["BRIDGECHECK_EXECUTABLE"], executable(path) { return path }
    var starts: [URL] = []
    if let path = Bundle.main.executablePath { starts.append(URL(fileURLWithPath: path)) }
    starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      starts.append(bundle.bundleURL)
    }
    for start in starts {
      var folder = start.deletingLastPathComponent()
      for _ in 0..<5 {
        let candidate = folder.appendingPathComponent("bridgecheck").path
        if executable(candidate) { return candidate }
        folder = folder.deletingLastPathComponent()
      }
    }
    let builds =
      (try? fileManager.contentsOfDirectory(atPath: packageRoot.path))?.filter { $0.hasPrefix(".build") } ?? []
    for build in builds {
      for configuration in ["debug", "release"] {
        let candidate = packageRoot.appendingPathComponent("\(build)/\(configuration)/bridgecheck").path
        if executable(candidate) { return candidate }
      }
    }
    return nil
  }()

  /// `bridgecheck-reference-adapter`, the Swift reference adapter on
  /// `BridgecheckAdapter`, built next to `bridgecheck` (`swift build` builds
  /// both); fails the calling test when it cannot be found.
  static func referenceAdapter(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    let executable = try #require(
      bridgecheckExecutable,
      "the bridgecheck executable was not found next to the test bundle; build it (swift build) or set BRIDGECHECK_EXECUTABLE",
      sourceLocation: sourceLocation)
    let adapter = URL(fileURLWithPath: executable).deletingLastPathComponent()
      .appendingPathComponent("bridgecheck-reference-adapter").path
    try #require(
      FileManager.default.isExecutableFile(atPath: adapter),
      "\(adapter) was not found next to bridgecheck; build it (swift build --product bridgecheck-reference-adapter)",
      sourceLocation: sourceLocation)
    return [adapter]
  }

  /// Which of `pids` are still children of this process (zombies included).
  static func children(among pids: [Int32]) -> [Int32] {
    #if os(Linux)
      let me = getpid()
      return pids.filter { pid in
        guard let stat = readProcFile("/proc/\(pid)/stat"), let close = stat.lastIndex(of: UInt8(ascii: ")")) else {
          return false
        }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        return fields.count > 1 && Int32(String(decoding: fields[1], as: UTF8.self)) == me
      }
    #else
      return pids.filter { kill($0, 0) == 0 }
    #endif
  }

  /// The children of this process whose command line contains `marker`
  /// (from /proc; zombies included, since an unreaped child is a leak too).
  static func childProcesses(matching marker: String) -> [Int32] {
    #if os(Linux)
      let me = getpid()
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap { entry -> Int32? in
        guard let pid = Int32(entry), let stat = readProcFile("/proc/\(entry)/stat"),
          let close = stat.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        // Fields after the command name: state, ppid, …
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, Int32(String(decoding: fields[1], as: UTF8.self)) == me else { return nil }
        let commandLine =
          readProcFile("/proc/\(entry)/cmdline").map {
            String(decoding: $0.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
          } ?? ""
        return commandLine.contains(marker) ? pid : nil
      }
    #else
      return []
    #endif
  }

  /// The bytes of a /proc file (whose reported size is 0, so read to the end).
  private static func readProcFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// Runs one fixture and returns the verdict and the whole trace.
  static func execute(_ fixture: Fixture, with runner: FixtureRunner) -> (
    status: ScenarioStatus, message: String?, trace: [TraceEvent]
  ) {
    if let reason = runner.skipReason(fixture) { return (.skip, reason, []) }
    let execution = ScenarioExecution(fixture: fixture, runner: runner, deadline: .now.advanced(by: .seconds(20)))
    let verdict = execution.run()
    let trace = execution.webView.trace.events
    execution.close()
    return (verdict.status, verdict.message, trace)
  }

  /// Runs `server` over `input` through a pipe and returns the events it wrote.
  static func serve(_ server: AdapterServer, input: String) throws -> [JSONObject] {
    try serve(server, bytes: Data(input.utf8))
  }

  /// ``serve(_:input:)`` with input that need not be UTF-8.
  static func serve(_ server: AdapterServer, bytes input: Data) throws -> [JSONObject] {
    let commands = Pipe()
    let answers = Pipe()
    commands.fileHandleForWriting.write(input)
    try commands.fileHandleForWriting.close()
    let status = server.run(
      input: commands.fileHandleForReading.fileDescriptor, output: answers.fileHandleForWriting.fileDescriptor)
    #expect(status == 0)
    try answers.fileHandleForWriting.close()
    let output = answers.fileHandleForReading.readDataToEndOfFile()
    return try String(decoding: output, as: UTF8.self).split(separator: "\n").map { line in
      try #require(try JSONValue.parse(String(line)).objectValue)
    }
  }
}
