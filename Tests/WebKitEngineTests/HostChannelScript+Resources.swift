import Foundation
import JSRuntime
import PageSimulation
import Testing
import WebViewHosting

@testable import WebKitEngine

/// The WebKit host's page scripts live in `Scripts/` (templates with `$name$` placeholders):
/// both are in the module's resource bundle and parse, and the scripts filled from them parse
/// with no placeholder left. Needs no WebKitGTK: only the text is checked.
@Suite("Host channel scripts as resources")
struct HostChannelScriptResourceTests {
  @Test("the host channel templates are in the resource bundle and parse as they are")
  func templatesParse() throws {
    for name in ["host-channel.js", "host-channel-world.js"] {
      let url = try #require(HostChannelScript.scripts.url(of: name), "\(name) is missing from Scripts")
      #expect(
        url.path.contains("/\(HostChannelScript.scripts.bundleName)/"),
        "\(name) was found only in the source tree: Package.swift does not copy Scripts")
      try ScriptContext().checkSyntax(HostChannelScript.scripts.text(of: name), sourceURL: name)
    }
  }

  @Test("the filled channel scripts parse, with no placeholder left")
  func filledScriptsAreComplete() throws {
    var limits = PageLimits()
    limits.consoleLineLength = 77
    let channel = HostChannelScript.source(
      hostFunctions: ["__bridgecheckNow", "hostValue"], recorders: ["__bridgecheckRecord"],
      interfaces: [(name: "AndroidBridge", methods: ["postMessage", "call"])], limits: limits)
    for (name, script) in [("channel", channel), ("world", HostChannelScript.worldSource)] {
      #expect(ScriptTemplate.placeholders(in: script) == [], "\(name)")
      try ScriptContext().checkSyntax(script, sourceURL: name)
    }
    #expect(channel.contains("var lineLimit = 77,"))
    #expect(channel.contains(#"["__bridgecheckNow","hostValue"].forEach"#))
    #expect(channel.contains(ConsoleLineText.describeFunction))
  }
}
