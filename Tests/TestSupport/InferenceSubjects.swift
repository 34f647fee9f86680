import Dialects
import Foundation
import JSONModel

/// The page bridges inference is checked on (in process by DialectInferenceTests,
/// end to end by BridgecheckCLITests): our bridge of every dialect
/// (conformance/dialects/dialects.json, each with its profile), every
/// calibration bridge (conformance/calibration/, built from the reference
/// page bridge and its patch) and renamed variants of each (``RenamedVariant``).
package struct InferenceSubject: Sendable, CustomStringConvertible {
  /// `dialect wvjb-6`, `calibration truthy-ids`, `wvjb-6 renamed global`.
  package var name: String
  /// The page script's text.
  package var source: String
  /// The profile it is judged under (its JSON).
  package var profile: JSONValue
  package var description: String { name }

  /// The shipped profiles, in the order inference prefers them.
  package static let shipped: [BridgeProfile] = {
    let folder = packageRoot.appendingPathComponent("conformance/profiles").path
    let names = BridgeProfile.shippedNames(in: folder)
    let ordered = names.filter { $0 == "wvjb-classic" } + names.filter { $0 != "wvjb-classic" }
    return ordered.compactMap { try? BridgeProfile.load($0, profilesFolder: folder).get() }
  }()

  package static func profile(_ nameOrPath: String) -> BridgeProfile? {
    let folder = packageRoot.appendingPathComponent("conformance/profiles").path
    let argument = nameOrPath.contains("/") ? packageRoot.appendingPathComponent(nameOrPath).path : nameOrPath
    return try? BridgeProfile.load(argument, profilesFolder: folder).get()
  }

  /// Our bridge of each dialect, with the profile dialects.json gives it.
  package static let dialects: [InferenceSubject] = {
    guard
      let text = try? String(
        contentsOf: packageRoot.appendingPathComponent("conformance/dialects/dialects.json"), encoding: .utf8),
      let list = (try? JSONValue.parse(text))?["dialects"]?.arrayValue
    else { return [] }
    return list.compactMap { entry in
      guard let name = entry["name"]?.stringValue, let page = entry["page"]?.stringValue,
        let profileName = entry["profile"]?.stringValue, let profile = profile(profileName),
        let source = try? String(contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
      else { return nil }
      return InferenceSubject(name: "dialect \(name)", source: source, profile: profile.json)
    }
  }()

  /// Each calibration bridge: the reference page bridge with its patch.
  package static let calibrations: [InferenceSubject] = {
    let folder = packageRoot.appendingPathComponent("conformance/calibration")
    guard
      let reference = try? String(
        contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
        encoding: .utf8),
      let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    else { return [] }
    return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".profile.json") }.sorted().compactMap { file in
      guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8),
        let value = try? JSONValue.parse(text), let patch = value["patch"]?.arrayValue
      else { return nil }
      var source = reference
      for replacement in patch {
        guard let find = replacement["find"]?.stringValue, let replace = replacement["replace"]?.stringValue else {
          return nil
        }
        source = source.replacingOccurrences(of: find, with: replace)
      }
      let profileName = value["profile"]?.stringValue ?? "wvjb-classic"
      guard let profile = profile(profileName) else { return nil }
      return InferenceSubject(name: "calibration \(file.dropLast(5))", source: source, profile: profile.json)
    }
  }()

  /// Every original: the dialect bridges and the calibration bridges.
  package static var originals: [InferenceSubject] { dialects + calibrations }

  /// The renamed variants of every original.
  package static var variants: [InferenceSubject] { originals.flatMap(RenamedVariant.variants(of:)) }
}

/// A page bridge with some of its dialect's names changed, made from an
/// original by renaming whole words in its text and the same words in its
/// profile's strings: its global, its channel (signal name or prompt marker),
/// its navigation scheme or host, its message fields, its functions. The
/// members no probe of a page can see (injections, user agent, peers, the
/// page's own setup function) stay the original's: inference takes them from
/// the nearest shipped profile, the original's.
package enum RenamedVariant: String, CaseIterable, Sendable {
  case global, channel, scheme, fields, functions

  /// The members of a profile that a page script cannot show.
  package static let unobservable = ["injections", "userAgent", "peers"]

  /// The variants of `subject`: one per kind of renaming that changes its text.
  package static func variants(of subject: InferenceSubject) -> [InferenceSubject] {
    guard let profile = try? BridgeProfile.decode(subject.profile, file: subject.name).get() else { return [] }
    return allCases.compactMap { kind in
      let renames = kind.renames(of: profile).filter { occurs($0.from, in: subject.source) }
      guard !renames.isEmpty else { return nil }
      var source = subject.source
      var expected = subject.profile
      for rename in renames {
        source = replacingWord(rename.from, with: rename.to, in: source)
        expected = renamed(expected, rename)
      }
      // What no page shows stays the original's.
      if case .object(var object) = expected, case .object(let original) = subject.profile {
        for member in unobservable { object[member] = original[member] }
        if case .object(var names) = object["names"], let originalNames = original["names"]?.objectValue {
          names["setupFunction"] = originalNames["setupFunction"]
          object["names"] = .object(names)
        }
        expected = .object(object)
      }
      return InferenceSubject(name: "\(subject.name) renamed \(kind.rawValue)", source: source, profile: expected)
    }
  }

  /// What this kind of renaming changes in `profile`.
  package func renames(of profile: BridgeProfile) -> [(from: String, to: String)] {
    switch self {
    case .global:
      return [(profile.names.global, "BcRenamedBridge")]
    case .channel:
      return profile.signals.compactMap { signal in
        switch signal.kind {
        case .messageHandlers, .channel: return (signal.name, "bcRenamedChannel")
        case .prompt: return (signal.marker, "_bcRenamedMarker")
        default: return nil
        }
      }
    case .scheme:
      return profile.signals.filter(\.kind.isNavigation).compactMap { signal in
        guard let (scheme, host) = URLParts.schemeAndHost(of: signal.url) else { return nil }
        if scheme == "https" || scheme == "http" {
          guard let written = signal.url.range(of: "://").map({ signal.url[$0.upperBound...].prefix { $0 != "/" } }),
            !written.isEmpty
          else { return nil }
          return (String(written), "__bc_renamed_\(host.count)__")
        }
        let written = String(signal.url.prefix { $0 != ":" })
        return (written, "bcrenamed")
      }
    case .fields:
      if let typed = profile.typedMessages { return [(typed.idField, "bcRenamedIndex")] }
      // A host-object dialect's page shows no member names: its requests
      // leave as method arguments, and no probe can know what it reads.
      if profile.hostObjectCalls != nil { return [] }
      let fields = profile.fields
      var out: [(String, String)] = [(fields.callbackId, "bcCallbackRef")]
      if profile.convention == .classic {
        out += [
          (fields.responseId, "bcResponseRef"), (fields.responseData, "bcAnswer"), (fields.handlerName, "bcHandler"),
        ]
      }
      return out
    case .functions:
      var out = [
        (profile.names.callHandler, "bcCallNative"), (profile.names.registerHandler, "bcRegister"),
        (profile.names.handleMessage, "bcReceive"),
      ]
      if profile.queue.fetches { out.append((profile.names.fetchQueue, "bcFetch")) }
      if profile.handshake == .initCall { out.append((profile.names.initFunction, "bcStart")) }
      return out
    }
  }

  package static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar == "$" || scalar.properties.isIDContinue
  }

  package static func occurs(_ word: String, in text: String) -> Bool {
    replacingWord(word, with: "\u{1}", in: text) != text
  }

  /// `text` with every whole-word `word` (not part of a longer identifier) replaced.
  package static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    let target = Array(word.unicodeScalars)
    guard !target.isEmpty else { return text }
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if index + target.count <= scalars.count, Array(scalars[index..<(index + target.count)]) == target,
        index == 0 || !isWordScalar(scalars[index - 1]) || !isWordScalar(target[0]),
        index + target.count == scalars.count || !isWordScalar(scalars[index + target.count])
          || !isWordScalar(target[target.count - 1])
      {
        out.append(contentsOf: replacement.unicodeScalars)
        index += target.count
      } else {
        out.append(scalars[index])
        index += 1
      }
    }
    return String(out)
  }

  /// The members whose strings are the model's keywords, not names.
  package static let keywordMembers: Set<String> = [
    "handshake", "delivery", "callbackData", "kind", "mode", "return", "encoding", "ids", "pageRegister",
  ]

  /// `value` with the rename applied to every string that is a name: not
  /// the profile's name, description and what it describes, and not the
  /// model's keywords (`"handshake": "init"`).
  package static func renamed(_ value: JSONValue, _ rename: (from: String, to: String), parent: String = "")
    -> JSONValue
  {
    switch value {
    case .string(let text): return .string(replacingWord(rename.from, with: rename.to, in: text))
    case .array(let elements): return .array(elements.map { renamed($0, rename, parent: parent) })
    case .object(let object):
      return .object(
        JSONObject(
          object.map { key, member in
            let keep =
              (parent.isEmpty && ["name", "description", "describes", "peers"].contains(key))
              || keywordMembers.contains(key) || (parent == "convention" && key == "callbackId")
            return (key, keep ? member : renamed(member, rename, parent: key))
          }))
    default: return value
    }
  }
}
