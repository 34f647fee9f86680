import Foundation
import TestSupport

/// bridgecheck's Android native kit (NativeKits/Android), built once per
/// test process as a user builds it: `scripts/android-kit.sh OUT` (which
/// installs the JDK and the two Debian libraries when they are missing),
/// into a temporary folder. The tests compile bridges against it with
/// `javac` and run them with `java`, as the user's five steps do.
struct AndroidKit: Sendable {
  /// The folder that holds the kit's jar.
  let folder: URL
  /// The classpath the script printed: the kit's jar, org.json and Gson.
  let classpath: String

  /// The kit, or why it could not be built.
  static let shared: Result<AndroidKit, AndroidKitFailure> = build()

  /// The kit; throws why it could not be built.
  static func built() throws -> AndroidKit { try shared.get() }

  private static func build() -> Result<AndroidKit, AndroidKitFailure> {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bridgecheck-android-kit-\(UUID().uuidString)")
    do {
      let outcome = try runTool(
        [packageRoot.appendingPathComponent("scripts/android-kit.sh").path, folder.path], timeLimit: 600)
      let classpath = outcome.stdout.split(separator: "\n").last.map(String.init) ?? ""
      guard outcome.status == 0, classpath.contains("bridgecheck-android-kit.jar") else {
        return .failure(
          AndroidKitFailure("scripts/android-kit.sh failed (status \(outcome.status)): \(outcome.stderr)"))
      }
      return .success(AndroidKit(folder: folder, classpath: classpath))
    } catch {
      return .failure(AndroidKitFailure("scripts/android-kit.sh could not be run: \(error)"))
    }
  }

  /// Compiles `sources` (paths relative to the package root, or absolute)
  /// against the kit into `classes`.
  func compile(_ sources: [String], into classes: URL) throws -> CommandOutcome {
    try FileManager.default.createDirectory(at: classes, withIntermediateDirectories: true)
    let paths = sources.map { $0.hasPrefix("/") ? $0 : packageRoot.appendingPathComponent($0).path }
    return try runTool(["javac", "-encoding", "UTF-8", "-cp", classpath, "-d", classes.path] + paths, timeLimit: 300)
  }

  /// The JVM options docs/android-native-kit.md gives the user (the fast
  /// compiler only, garbage collected on one thread).
  static let jvmOptions = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]

  /// The `--native` command that runs `mainClass` from `classes` with the
  /// kit, as the user's steps have it, with `options` (Java system
  /// properties) before the class.
  func command(classes: URL, mainClass: String, options: [String] = []) -> String {
    (["java"] + Self.jvmOptions + options + ["-cp", "\(classes.path):\(classpath)", mainClass]).joined(separator: " ")
  }
}

/// Why the Android kit could not be built.
struct AndroidKitFailure: Error, CustomStringConvertible, Sendable {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Runs `arguments` (the first word looked up on PATH) in the package root
/// and collects its output; killed after `timeLimit`.
func runTool(_ arguments: [String], timeLimit: TimeInterval) throws -> CommandOutcome {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.currentDirectoryURL = packageRoot
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let pid = process.processIdentifier
  let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
  DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
  let group = DispatchGroup()
  nonisolated(unsafe) var outData = Data()
  group.enter()
  DispatchQueue.global().async {
    outData = out.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  watchdog.cancel()
  return CommandOutcome(
    stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
    status: process.terminationStatus)
}
