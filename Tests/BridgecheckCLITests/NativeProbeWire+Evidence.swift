import JSONModel
import Testing

@testable import BridgecheckCLI

/// What a native adapter used in the probes, read from trace events: the
/// names it answered to, never bridgecheck's own user scripts, and a host
/// that carries data folded into its scheme.
@Suite("Native probe wire evidence")
struct NativeProbeWireTests {
  @Test func readsTheNamesTheAdapterAnsweredTo() {
    var wire = NativeProbeWire()
    wire.observe(name: "script-message", fields: ["name": "bridge", "body": "x"])
    wire.observe(name: "navigation-decided", fields: ["url": "wvjb://__QUEUE__/", "policy": "cancel"])
    wire.observe(name: "navigation-decided", fields: ["url": "https://example.com/", "policy": "allow"])
    wire.observe(name: "interface-called", fields: ["name": "Android", "method": "send"])
    wire.observe(name: "evaluate", fields: ["script": "  window.Bridge._handle('{}');"])
    wire.observe(name: "evaluate", fields: ["script": "(function(){ var a = 1; })()"])
    wire.observe(
      name: "user-script-added", fields: ["name": "bridgecheck-harness.js", "injectionTime": "document-start"])
    wire.observe(
      name: "user-script-added", fields: ["name": "adapter-user-script-1.js", "injectionTime": "document-end"])
    wire.observe(name: "dialog", fields: ["kind": "prompt", "message": "m"])
    #expect(wire.messageHandlers == ["bridge"])
    #expect(wire.cancelledNavigations == ["wvjb://__QUEUE__"])
    #expect(wire.hostObjects == ["Android"])
    #expect(wire.evaluatedFunctions == ["Bridge._handle"])
    #expect(wire.userScripts == ["document-end"])
    #expect(wire.prompts)
    #expect(
      wire.summary
        == "message handlers bridge; cancelled navigations to wvjb://__QUEUE__; host objects Android; "
        + "evaluated Bridge._handle; user scripts at document-end; answered prompt dialogs")
  }

  @Test func aHostThatCarriesDataIsFoldedIntoItsScheme() {
    var wire = NativeProbeWire()
    for handler in ["a", "b", "c", "d"] {
      wire.observe(name: "navigation-decided", fields: ["url": .string("mushao://\(handler)//{}"), "policy": "cancel"])
    }
    wire.observe(name: "navigation-decided", fields: ["url": "yy://return/x", "policy": "cancel"])
    #expect(wire.cancelledNavigations == ["mushao://", "yy://return"])
  }

  @Test func twoProbesWithTheSameNamesAreAlike() {
    var first = NativeProbeWire()
    var second = NativeProbeWire()
    first.observe(name: "script-message", fields: ["name": "bridge"])
    second.observe(name: "script-message", fields: ["name": "bridge"])
    #expect(first.names == second.names)
    second.observe(name: "script-message", fields: ["name": "other"])
    #expect(first.names != second.names)
    #expect(NativeProbeWire().summary == "nothing observed")
  }
}
