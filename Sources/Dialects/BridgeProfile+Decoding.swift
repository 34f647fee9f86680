import Foundation
import JSONModel

/// A problem in an implementation file (profile or manifest): the problem
/// every JSON file reader reports (docs/file-problems.md lists the codes).
package typealias ImplementationFileProblem = JSONFileProblem

/// Every problem of a profile file, reported together.
package typealias ProfileProblems = JSONFileProblems

extension BridgeProfile {
  /// The members of a profile file.
  package static let fileFields = [
    "$schema", "name", "description", "describes", "names", "fields", "signals", "queue", "delivery", "injections",
    "handshake", "dispatch", "userAgent", "typedMessages", "convention", "twoArgumentCall", "callbackData", "peers",
    "startupQueue",
  ]
  /// The members of the earlier, flat profile format, still read.
  package static let legacyFileFields = [
    "globalName", "fetchQueueFunction", "handleMessageFunction", "queueMessageURL", "bridgeLoadedURL",
    "messageHandlerName", "transports",
  ]

  /// The folder of the shipped profiles.
  package static let shippedFolder = "conformance/profiles"

  /// Reads a profile: a name of a file in `conformance/profiles/` (e.g.
  /// `wvjb-classic`) or a path to a JSON file. Every problem is reported.
  package static func load(_ nameOrPath: String, profilesFolder: String = shippedFolder) -> Result<
    BridgeProfile, ProfileProblems
  > {
    let path =
      nameOrPath.hasSuffix(".json") || nameOrPath.contains("/")
      ? nameOrPath : (profilesFolder as NSString).appendingPathComponent(nameOrPath + ".json")
    guard let data = FileManager.default.contents(atPath: path) else {
      let known = shippedNames(in: profilesFolder)
      return .failure(
        ProfileProblems([
          JSONFileProblem(
            file: path, pointer: .root, code: "no-such-profile", message: "no such profile",
            hint: known.isEmpty
              ? "give the path of a profile JSON file"
              : (NameSuggestion.closest(to: nameOrPath, among: known).map { "did you mean \($0)? " } ?? "")
                + "profiles: \(known.joined(separator: ", ")), or a path")
        ]))
    }
    let value: JSONValue
    switch JSONValue.parse(fileContents: [UInt8](data), file: path) {
    case .success(let parsed): value = parsed
    case .failure(let problem): return .failure(ProfileProblems([problem]))
    }
    return decode(value, file: path)
  }

  /// The names of the profiles in `folder`, sorted.
  package static func shippedNames(in folder: String = shippedFolder) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// Decodes and validates a profile object: every problem, each with the
  /// JSON pointer and a hint. A mechanism the harness cannot honour is a
  /// problem, never a silent allow.
  package static func decode(_ value: JSONValue, file: String) -> Result<BridgeProfile, ProfileProblems> {
    var reader = ProfileReader(file: file)
    let profile = reader.read(value)
    // The checks across members run too (every problem at once), except
    // where a member is already reported: its value there is a default.
    let reported = reader.problems
    var checks = ProfileReader(file: file)
    checks.check(profile)
    checks.checkCallingConvention(profile)
    let extra = checks.problems.filter { problem in
      !reported.contains { problem.pointer.description.hasPrefix($0.pointer.description) && !$0.pointer.isRoot }
    }
    let problems = reported + extra
    return problems.isEmpty ? .success(profile) : .failure(ProfileProblems(problems))
  }
}
