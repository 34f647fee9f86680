import Foundation
import JSONModel
import ReferenceBridges

/// A problem in an implementation file (profile or manifest): the file, the
/// JSON pointer, what is wrong and how to fix it.
public struct ImplementationFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
  public var file: String
  public var pointer: JSONPointer
  public var message: String
  public var hint: String?

  public init(file: String, pointer: JSONPointer, message: String, hint: String? = nil) {
    self.file = file
    self.pointer = pointer
    self.message = message
    self.hint = hint
  }

  public var description: String {
    "\(file)#\(pointer.isRoot ? "" : pointer.description): \(message)" + (hint.map { "\n  hint: \($0)" } ?? "")
  }
}

extension BridgeProfile {
  /// The fields of a profile file.
  public static let fileFields = [
    "name", "description", "globalName", "fetchQueueFunction", "handleMessageFunction", "queueMessageURL",
    "bridgeLoadedURL", "messageHandlerName", "transports", "injections", "fields", "dispatch",
  ]

  /// Reads a profile: a name of a file in `conformance/profiles/` (e.g.
  /// `wvjb-classic`) or a path to a JSON file. Missing fields take the
  /// classic values (`transports` `["iframe"]`, `injections`
  /// `["bridge-loaded"]`, `dispatch` `"deferred"`).
  public static func load(_ nameOrPath: String, profilesFolder: String = "conformance/profiles") -> Result<
    BridgeProfile, ImplementationFileProblem
  > {
    let path =
      nameOrPath.hasSuffix(".json") || nameOrPath.contains("/")
      ? nameOrPath : (profilesFolder as NSString).appendingPathComponent(nameOrPath + ".json")
    guard let data = FileManager.default.contents(atPath: path) else {
      let known = ((try? FileManager.default.contentsOfDirectory(atPath: profilesFolder)) ?? [])
        .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
      return .failure(
        ImplementationFileProblem(
          file: path, pointer: .root, message: "no such profile",
          hint: known.isEmpty ? "give the path of a profile JSON file" : "profiles: \(known.joined(separator: ", ")), or a path"))
    }
    do {
      return .success(try decode(JSONValue.parse(utf8: [UInt8](data)), file: path))
    } catch let problem as ImplementationFileProblem {
      return .failure(problem)
    } catch {
      return .failure(ImplementationFileProblem(file: path, pointer: .root, message: "not valid JSON: \(error)"))
    }
  }

  /// Decodes a profile object.
  public static func decode(_ value: JSONValue, file: String) throws -> BridgeProfile {
    guard let object = value.objectValue else {
      throw ImplementationFileProblem(file: file, pointer: .root, message: "a profile is a JSON object")
    }
    for key in object.keys where !fileFields.contains(key) {
      throw ImplementationFileProblem(
        file: file, pointer: JSONPointer.root.appending(key), message: "unknown field \"\(key)\"",
        hint: "profile fields: \(fileFields.joined(separator: ", "))")
    }
    func string(_ key: String, _ fallback: String) throws -> String {
      guard let value = object[key] else { return fallback }
      guard let string = value.stringValue, !string.isEmpty else {
        throw ImplementationFileProblem(file: file, pointer: JSONPointer.root.appending(key), message: "must be a non-empty string")
      }
      return string
    }
    func list<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type, _ fallback: [T]) throws -> [T]
    where T.RawValue == String {
      guard let value = object[key] else { return fallback }
      let names = value.arrayValue?.compactMap(\.stringValue) ?? []
      let parsed = names.compactMap(T.init(rawValue:))
      guard !names.isEmpty, parsed.count == names.count, value.arrayValue?.count == names.count else {
        throw ImplementationFileProblem(
          file: file, pointer: JSONPointer.root.appending(key), message: "must be a non-empty array of known names",
          hint: "allowed: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return parsed
    }
    func dispatchMode() throws -> DispatchMode {
      guard let value = object["dispatch"] else { return BridgeProfile.classic.dispatch }
      guard let name = value.stringValue, let mode = DispatchMode(rawValue: name) else {
        throw ImplementationFileProblem(
          file: file, pointer: JSONPointer.root.appending("dispatch"), message: "must be one of the known names",
          hint: "allowed: \(DispatchMode.allCases.map(\.rawValue).joined(separator: ", ")) (deferred: a zero-delay timer "
            + "until the safety timeout is disabled; synchronous: inside the native evaluation, no safety timeout)")
      }
      return mode
    }
    func identifier(_ key: String, _ fallback: String) throws -> String {
      let name = try string(key, fallback)
      guard name.wholeMatch(of: /[A-Za-z_$][A-Za-z0-9_$]*/) != nil else {
        throw ImplementationFileProblem(
          file: file, pointer: JSONPointer.root.appending(key), message: "must be a JavaScript identifier",
          hint: "the native side evaluates `<globalName>.<function>(…)`, e.g. \"WebViewJavascriptBridge\"")
      }
      return name
    }
    func fieldNames() throws -> MessageFieldNames {
      guard let value = object["fields"] else { return .classic }
      let pointer = JSONPointer.root.appending("fields")
      guard let entries = value.objectValue else {
        throw ImplementationFileProblem(
          file: file, pointer: pointer, message: "must be an object mapping classic field names to this dialect's",
          hint: "e.g. {\"callbackId\": \"callbackID\", \"responseId\": \"responseID\"}")
      }
      var map: [String: String] = [:]
      for (key, renamed) in entries {
        guard let renamed = renamed.stringValue, !renamed.isEmpty else {
          throw ImplementationFileProblem(file: file, pointer: pointer.appending(key), message: "must be a non-empty string")
        }
        map[key] = renamed
      }
      guard let names = MessageFieldNames(renaming: map) else {
        let unknown = map.keys.filter { !MessageFieldNames.classic.all.contains($0) }.sorted()
        throw ImplementationFileProblem(
          file: file, pointer: pointer.appending(unknown.first ?? ""), message: "not a classic field name",
          hint: "the keys are classic names: \(MessageFieldNames.classic.all.joined(separator: ", "))")
      }
      guard Set(names.all).count == names.all.count else {
        throw ImplementationFileProblem(
          file: file, pointer: pointer, message: "two fields would have the same name: \(names.all.joined(separator: ", "))")
      }
      return names
    }
    let classic = BridgeProfile.classic
    return BridgeProfile(
      name: try string("name", classic.name),
      globalName: try identifier("globalName", classic.globalName),
      fetchQueueFunction: try identifier("fetchQueueFunction", classic.fetchQueueFunction),
      handleMessageFunction: try identifier("handleMessageFunction", classic.handleMessageFunction),
      queueMessageURL: try string("queueMessageURL", classic.queueMessageURL),
      bridgeLoadedURL: try string("bridgeLoadedURL", classic.bridgeLoadedURL),
      messageHandlerName: try string("messageHandlerName", classic.messageHandlerName),
      transports: try list("transports", Transport.self, classic.transports),
      injections: try list("injections", Injection.self, classic.injections),
      fields: try fieldNames(),
      dispatch: try dispatchMode())
  }
}
