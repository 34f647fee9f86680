import Foundation
import Testing

/// Profiles that would be read as something else than they say are refused
/// before anything runs: exit 2, the file and the JSON pointer, the fix.
@Suite("Profile refusals end to end")
struct ProfileRefusalsEndToEndTests {
  static let cases: [(file: String, text: String, pointer: String, fix: String)] = [
    ("unnamed.json", #"{"names": {"global": "MyBridge"}}"#, "#/name", #"add "name""#),
    (
      "mixed.json",
      #"{"name": "mixed", "globalName": "MyBridge", "signals": [{"kind": "iframe", "url": "https://__q__"}]}"#,
      "#/globalName", #"write it as "names": {"global": …}"#
    ),
    (
      "transports.json", #"{"name": "mixed", "transports": ["message-handlers"], "handshake": "init"}"#, "#/transports",
      #"write it as "signals": [{"kind": …}"#
    ),
    (
      "ineffective.json", #"{"name": "flat", "messageHandlerName": "flush"}"#, "#/messageHandlerName",
      #"add "message-handlers" to "transports""#
    ),
    (
      "fact.json", #"{"name": "p", "peers": {"native": [{"fact": "never-crashes", "evidence": "e"}]}}"#,
      "#/peers/native/0/fact",
      "facts: ignores-unknown-response-ids"
    ),
  ]

  @Test func eachRefusalExitsTwoBeforeAnyScenarioRuns() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    for (file, text, pointer, fix) in Self.cases {
      try scratch.write(file, text)
      let check = try bridgecheck(["profiles", "--check", scratch.path(file)])
      #expect(check.status == 2, "\(file): \(check.stdout)")
      #expect(check.stdout.contains(scratch.path(file) + pointer), "\(file): \(check.stdout)")
      #expect(check.stdout.contains(fix), "\(file): \(check.stdout)")
      let run = try bridgecheck([
        "run", "--js", "Sources/ReferenceBridges/Resources/page-bridge.js", "--profile", scratch.path(file), "--format",
        "json",
      ])
      #expect(run.status == 2, "\(file)")
      #expect(run.stdout.isEmpty, "\(file): no report, nothing ran: \(run.stdout.prefix(200))")
      #expect(run.stderr.contains(scratch.path(file) + pointer) && run.stderr.contains(fix), "\(file): \(run.stderr)")
    }
  }

  @Test func aNamedProfileInOneFormatIsValid() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "flat.json", #"{"name": "flat", "globalName": "MyBridge", "transports": ["iframe"], "dispatch": "synchronous"}"#)
    let check = try bridgecheck(["profiles", "--check", scratch.path("flat.json")])
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.stdout.contains("a valid profile (flat"), "\(check.stdout)")
  }
}
