import Foundation
import JSONModel

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
  /// The profile fields whose values differ from classic WVJB among those
  /// the reference native bridge cannot follow yet: it always fetches with
  /// `WebViewJavascriptBridge._fetchQueue()`, delivers through
  /// `_handleMessageFromObjC` and recognises the classic bridge URLs (it
  /// does follow `messageHandlerName`, transports and injections). Empty
  /// when the reference can drive a page bridge of this profile.
  public var wireNamesTheReferenceCannotSpeak: [String] {
    let classic = BridgeProfile.classic
    var fields: [String] = []
    if globalName != classic.globalName { fields.append("globalName") }
    if fetchQueueFunction != classic.fetchQueueFunction { fields.append("fetchQueueFunction") }
    if handleMessageFunction != classic.handleMessageFunction { fields.append("handleMessageFunction") }
    if queueMessageURL.lowercased() != classic.queueMessageURL { fields.append("queueMessageURL") }
    if bridgeLoadedURL.lowercased() != classic.bridgeLoadedURL { fields.append("bridgeLoadedURL") }
    return fields
  }

  /// The fields of a profile file.
  public static let fileFields = [
    "name", "description", "globalName", "fetchQueueFunction", "handleMessageFunction", "queueMessageURL",
    "bridgeLoadedURL", "messageHandlerName", "transports", "injections",
  ]

  /// Reads a profile: a name of a file in `conformance/profiles/` (e.g.
  /// `wvjb-classic`) or a path to a JSON file. Missing fields take the
  /// classic values.
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
    func list<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws -> [T] where T.RawValue == String {
      guard let value = object[key] else { return Array(T.allCases) }
      let names = value.arrayValue?.compactMap(\.stringValue) ?? []
      let parsed = names.compactMap(T.init(rawValue:))
      guard !names.isEmpty, parsed.count == names.count, value.arrayValue?.count == names.count else {
        throw ImplementationFileProblem(
          file: file, pointer: JSONPointer.root.appending(key), message: "must be a non-empty array of known names",
          hint: "allowed: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return parsed
    }
    let classic = BridgeProfile.classic
    return BridgeProfile(
      name: try string("name", classic.name),
      globalName: try string("globalName", classic.globalName),
      fetchQueueFunction: try string("fetchQueueFunction", classic.fetchQueueFunction),
      handleMessageFunction: try string("handleMessageFunction", classic.handleMessageFunction),
      queueMessageURL: try string("queueMessageURL", classic.queueMessageURL),
      bridgeLoadedURL: try string("bridgeLoadedURL", classic.bridgeLoadedURL),
      messageHandlerName: try string("messageHandlerName", classic.messageHandlerName),
      transports: try list("transports", Transport.self),
      injections: try list("injections", Injection.self))
  }
}
