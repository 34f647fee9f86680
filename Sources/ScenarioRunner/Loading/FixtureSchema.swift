/// The field names and values the fixture format allows, in one place: the
/// decoder checks files against them and a test checks `Fixtures/schema.json`
/// against them, so the two cannot drift apart.
package enum FixtureSchema {
  /// Fields of a fixture file.
  package static let topLevelFields = [
    "$schema", "id", "title", "area", "level", "spec", "subject", "tags", "description", "requires", "setup",
    "steps", "expect", "captures", "allow", "schedule", "engines", "levelByPeers",
  ]
  /// Fields of an entry of `levelByPeers`.
  package static let peerLevelFields = ["fact", "level"]
  /// Fields of `engines`.
  package static let engineFields = ["only", "because"]
  /// The engine names `engines.only` may list (`bridgecheck run --engine`).
  package static let engineNames = ["simulated", "webkitgtk"]
  /// Fields of `schedule`.
  package static let scheduleFields = ["seed", "deviations", "name"]
  /// Fields of an entry of `schedule.deviations`.
  package static let deviationFields = ["at", "point", "value"]
  /// Fields of `requires`.
  package static let requiresFields = ["features", "dispatch", "spelled", "dialect", "because"]
  /// Fields of `setup`.
  package static let setupFields = [
    "transport", "injection", "iframeNavigation", "options", "nativeHandlers", "pageHandlers", "pageSetup",
    "pageScripts", "onReady", "appPolicy", "pageInit",
  ]
  /// Fields of `setup.appPolicy`.
  package static let appPolicyFields = ["cancel"]
  /// Fields of `setup.options`.
  package static let optionFields = ["answerMissingHandler"]
  /// Fields of a behaviour object.
  package static let behaviourFields = ["respond", "times", "delay", "throw", "call"]
  /// Behaviour shorthands: a string instead of an object.
  package static let behaviourShorthands = ["echo", "silent"]
  /// Fields of a behaviour's `call`.
  package static let callFields = ["handler", "data", "callback"]
  /// Fields of `expect`.
  package static let expectFields = ["events", "ordered", "absent", "counts"]
  /// Fields of an entry of `expect.counts`, besides the pattern's own.
  package static let countFields = ["$count", "$min", "$max"]

  /// Every step action with the fields it takes (besides `action`) and
  /// which of them are required.
  package static let actions: [(name: String, fields: [String], required: [String], page: Bool)] = [
    ("page.call", ["handler", "data", "callback", "form"], ["handler"], true),
    ("native.call", ["handler", "data", "callback"], ["handler"], false),
    ("page.register", ["handler", "behaviour"], ["handler", "behaviour"], true),
    ("native.register", ["handler", "behaviour"], ["handler", "behaviour"], false),
    ("native.remove", ["handler"], ["handler"], false),
    ("native.reset", [], [], false),
    ("native.disableSafetyTimeout", [], [], false),
    ("page.disableSafetyTimeout", [], [], true),
    ("reload", [], [], false),
    ("navigate", ["url", "frame"], ["url"], true),
    ("advance", ["ms"], ["ms"], false),
    ("settle", [], [], false),
    ("page.script", ["script"], ["script"], true),
    ("wire.toPage", ["raw", "message"], [], true),
    ("wire.toNative", ["raw", "messages", "result", "signal"], [], true),
    ("page.requestInjection", [], [], true),
    ("page.signal", [], [], true),
    ("page.init", ["handler", "behaviour"], [], true),
  ]

  /// Trace events that patterns may name.
  package static let eventNames = [
    "page-handler-invoked", "page-callback-invoked", "native-handler-invoked", "native-callback-invoked",
    "native-log", "harness-error", "task", "page-loaded", "page-unloaded", "script-run", "evaluate",
    "evaluate-result", "navigation-requested", "navigation-decided", "navigation-replaced", "navigation-dropped",
    "console", "uncaught-exception", "unhandled-rejection", "script-terminated", "dialog", "script-message",
    "budget-exhausted", "step", "interface-called", "interface-returned", "wire-to-page", "wire-to-native",
  ]
}
