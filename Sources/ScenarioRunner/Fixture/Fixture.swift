import BridgeImplementations
import Dialects
import JSONModel
import WebViewHosting

/// One conformance scenario, loaded from a JSON file under `Fixtures/`.
package struct Fixture: Sendable, Hashable {
  /// Stable path-like id, e.g. `handler-missing/page-to-native-batch-continues`.
  package var id: String
  /// The rule in one sentence.
  package var title: String
  /// The protocol area (also the fixture's folder).
  package var area: String
  /// How binding the rule is.
  package var level: Level
  /// The anchor of the rule in `docs/protocol.md`.
  package var spec: String
  /// Whose behaviour is judged.
  package var subject: Subject
  /// Free labels for `--tag`.
  package var tags: [String]
  /// A longer explanation, if the title is not enough.
  package var description: String?
  /// What an implementation must support for the scenario to apply.
  package var requires: Requirements
  /// The engines the fixture runs in, when not all (`engines` in the file):
  /// the scenario is skipped, with the reason, in any other.
  package var engines: EngineRestriction?
  /// The starting state of both sides.
  package var setup: Setup
  /// What happens, in order.
  package var steps: [Step]
  /// What the trace must and must not show.
  package var expect: Expectations
  /// Patterns that bind names to values of the trace (`$capture`), such as
  /// the callback id a native side actually issued; expectations match
  /// them with `$captured` and `$containsCaptured`, wire steps with `${name}`.
  package var captures: [EventPattern] = []
  /// Built-in invariants this scenario switches off.
  package var allow: Set<Invariant>
  /// The file it came from, relative to the working directory.
  package var file: String
  /// The schedule the fixture pins (`schedule`), or nil for the default one
  /// (see docs/exploration.md).
  package var schedule: ScheduleSpec? = nil
  /// The levels the fixture takes in dialects whose peers its violation
  /// cannot hurt (`levelByPeers`), each lower than ``level``.
  package var levelByPeers: [PeerLevel] = []
}

/// A level a fixture takes in a dialect whose profile states a fact about
/// its peers (`levelByPeers`): under that fact, breaking the rule hurts no
/// peer that exists in the dialect (docs/protocol.md, "How a rule gets its
/// level").
package struct PeerLevel: Sendable, Hashable {
  /// The fact about the peers.
  package var fact: PeerFact
  /// The level under it.
  package var level: Level

  package init(fact: PeerFact, level: Level) {
    self.fact = fact
    self.level = level
  }
}

/// A fixture's level in one dialect, and why it is not the fixture's own.
package struct DialectLevel: Sendable, Hashable {
  /// The level the scenario is judged at.
  package var level: Level
  /// Why it is lower than the fixture's own, or nil when it is not.
  package var note: String?
}

extension Fixture {
  /// The level in the dialect of `profile`: the lowest that a fact the
  /// profile states about its peers gives (`levelByPeers`), or the
  /// fixture's own.
  package func level(in profile: BridgeProfile) -> DialectLevel {
    var lowest: (PeerLevel, StatedPeerFact)?
    for entry in levelByPeers {
      guard let stated = profile.stated(entry.fact), entry.level > (lowest?.0.level ?? level) else { continue }
      lowest = (entry, stated)
    }
    guard let (entry, stated) = lowest else { return DialectLevel(level: level, note: nil) }
    let note =
      "\(entry.level.rawValue.uppercased()) here, not \(level.rawValue.uppercased()): every \(stated.fact.side.rawValue) side of "
      + "the dialect \(profile.name) \(stated.fact.phrase) (its profile's \"peers\": \(stated.fact.rawValue)), so the "
      + "violation hurts no peer that exists in the dialect"
    return DialectLevel(level: entry.level, note: note)
  }
}

extension Fixture {
  /// Whether the fixture reads the wire events derived from the trace.
  var usesWireEvents: Bool {
    let names = [WireEvents.toPage, WireEvents.toNative]
    return (captures + expect.events + expect.absent + expect.counts.map(\.pattern)).contains {
      names.contains($0.event)
    }
  }
}

/// How binding a fixture is (`must` gates CI by default).
package enum Level: String, Sendable, Hashable, CaseIterable, Comparable {
  case must, should, may

  /// Rank: must is the strongest.
  var rank: Int { self == .must ? 0 : self == .should ? 1 : 2 }

  package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }

  /// Whether a fixture of this level gates a run whose gate is `gate`
  /// (`--level should` gates must and should).
  package func isGated(by gate: Level) -> Bool { rank <= gate.rank }
}

/// Whose behaviour a fixture judges.
package enum Subject: String, Sendable, Hashable, CaseIterable {
  /// The page bridge (the native side is the reference, or the harness).
  case page
  /// The native bridge (the page side is the reference, or the harness).
  case native
  /// Both together.
  case pair
}

/// What an implementation must support for a scenario to apply; otherwise
/// the scenario is skipped with a reason.
package struct Requirements: Sendable, Hashable {
  /// Optional features (see `ImplementationFeature`).
  package var features: [String] = []
  /// The dispatch mode the page dialect must have (fixtures about the safety
  /// timeout need `deferred`); nil for any.
  package var dispatch: DispatchMode?
  /// The classic spellings the fixture writes on purpose (a classic URL in
  /// upper case, classic field names in the wire text it expects): the
  /// scenario applies only to dialects that spell them the same way.
  package var spelled: [ClassicSpelling] = []
  /// The traits of a dialect the fixture needs (an init handshake, a fetched
  /// queue…): a dialect without one skips the scenario with the reason.
  package var dialect: [DialectTrait] = []
  /// Why the fixture needs what it declares here, for the reader of a skip:
  /// the skip reason quotes it (e.g. why a fixture spells classic names).
  package var because: String?
}

/// The engines a fixture can be judged in, and why no other: a real engine
/// cannot make every scenario deterministic, or cannot report what it
/// checks (see `docs/webkit-engine.md`).
package struct EngineRestriction: Sendable, Hashable {
  /// Engine names (``FixtureSchema/engineNames``).
  package var only: [String]
  /// Why, for the reader of the skip.
  package var because: String
}

/// A part of classic WVJB that a fixture may spell out on purpose.
package enum ClassicSpelling: String, Sendable, Hashable, CaseIterable {
  /// The page global `WebViewJavascriptBridge` and its method names.
  case global
  /// The queue signal URL `https://__wvjb_queue_message__` and fetching by `_fetchQueue()`.
  case queueURL
  /// The injection URL `https://__bridge_loaded__`.
  case bridgeLoadedURL
  /// The message field names and the JSON-string delivery.
  case fields
  /// The start-up array `WVJBCallbacks` and `setupWebViewJavascriptBridge`.
  case callbacksArray

  /// Whether `profile` spells this part as classic WVJB does.
  package func isClassic(in profile: BridgeProfile) -> Bool {
    let classic = BridgeProfile.classic
    switch self {
    case .global:
      return profile.names.global == classic.names.global
        && profile.names.registerHandler == classic.names.registerHandler
        && profile.names.callHandler == classic.names.callHandler
        && profile.names.handleMessage == classic.names.handleMessage
        && profile.names.fetchQueue == classic.names.fetchQueue
    case .queueURL:
      return profile.queue == .fetch && profile.encoding == .json && profile.envelope == nil
        && profile.signals.allSatisfy { !$0.kind.isNavigation || $0.url.lowercased() == BridgeProfile.classicQueueURL }
    case .bridgeLoadedURL:
      return profile.injectionModes.contains(.bridgeLoaded)
        && profile.bridgeLoadedURL.lowercased() == BridgeProfile.classicBridgeLoadedURL
    case .fields:
      // The wire text a fixture reads is the fetch result and the delivery script.
      return profile.fields == .classic && profile.typedMessages == nil && profile.convention == .classic
        && profile.delivery == .jsonString && profile.encoding == .json
        && profile.envelope == nil && profile.queue == .fetch
    case .callbacksArray:
      return profile.names.callbacksArray == classic.names.callbacksArray
        && profile.names.setupFunction == classic.names.setupFunction
    }
  }
}

/// The starting state of a scenario.
package struct Setup: Sendable, Hashable {
  /// How the page signals the native side; `nil` lets the implementations
  /// choose (iframe when both support it), so only scenarios that name a
  /// transport require one.
  package var transport: Transport?
  /// When the page bridge is injected; `nil` lets the implementations
  /// choose (bridge-loaded when both support it).
  package var injection: Injection?
  /// How the simulated page requests iframe navigations.
  package var iframeNavigation: IframeNavigationMode = .coalesced
  /// Optional behaviours both sides are asked to switch on.
  package var options = BridgeOptions()
  /// Native handlers registered before the page loads, in order.
  package var nativeHandlers: [NamedBehaviour] = []
  /// Page handlers registered when the bridge is ready, in order.
  package var pageHandlers: [NamedBehaviour] = []
  /// Whether the page uses the `setupWebViewJavascriptBridge` snippet
  /// (`snippet`) or defines no `WVJBCallbacks` at all (`none`).
  package var pageSetup: PageSetup = .snippet
  /// The page's own extra scripts, run after the snippet.
  package var pageScripts: [String] = []
  /// Page-side steps run inside the snippet's ready callback.
  package var onReady: [Step] = []
  /// The app's own navigation policy, in place before the bridge attaches:
  /// URLs matching one of these regular expressions are cancelled, all
  /// others allowed. A bridge must hand non-bridge URLs to it.
  package var appCancels: [BoundedRegex] = []
  /// In a dialect with an init handshake, who calls `init`: the harness as
  /// soon as the bridge is ready (`ready`), or the page in a `page.init`
  /// step (`step`).
  package var pageInit: PageInit = .ready
}

/// Who calls the handshake `init(defaultHandler)` in a dialect that has one.
package enum PageInit: String, Sendable, Hashable, CaseIterable {
  /// The harness, when the bridge is ready, before the page's handlers are
  /// registered, without a default handler.
  case ready
  /// The page, in a `page.init` step; until then native messages wait.
  case step
}

/// How the page asks for the bridge.
package enum PageSetup: String, Sendable, Hashable, CaseIterable {
  /// `setupWebViewJavascriptBridge(callback)`: `WVJBCallbacks` and the
  /// bridge-loaded iframe.
  case snippet
  /// No snippet: nothing asks for injection, `WVJBCallbacks` is absent.
  case none
}

/// A handler name with its scripted behaviour.
package struct NamedBehaviour: Sendable, Hashable {
  /// The handler name.
  package var name: String
  /// What the handler does when called.
  package var behaviour: Behaviour
}

/// What a scripted handler does when it is called. The parts run in this
/// order: `call`, then `respond` (`times` times, after `delay`), then `throw`.
package struct Behaviour: Sendable, Hashable {
  /// How to answer; `nil` never answers.
  package var respond: Response?
  /// How many times to call the response callback.
  package var times: Int = 1
  /// Virtual milliseconds to wait before answering.
  package var delay: Int64 = 0
  /// Throw an error with this message (page handlers only).
  package var throwMessage: String?
  /// A call the handler makes into the bridge before answering (re-entrancy).
  package var call: CallSpec?

  /// A handler that answers with the data it received.
  package static let echo = Behaviour(respond: .echo)
}

/// How a scripted handler answers.
package enum Response: Sendable, Hashable {
  /// With the data it received.
  case echo
  /// With this value; `nil` answers with no value (`respond()`).
  case value(JSONValue?)
}

/// A call a handler makes from inside the bridge.
package struct CallSpec: Sendable, Hashable {
  /// The handler on the other side.
  package var handler: String
  /// The data; `nil` sends none.
  package var data: JSONValue?
  /// The label of its callback, if it wants an answer.
  package var callbackLabel: String?
}

/// The shape of a page-side `callHandler` call.
package enum CallForm: String, Sendable, Hashable, CaseIterable {
  /// `callHandler(name, data?, callback?)`: trailing arguments omitted when absent.
  case standard
  /// `callHandler(name, callback)`.
  case twoArgument = "two-argument"
}

/// Which frame a navigation step uses.
package typealias NavigationFrame = FrameKind

/// One action of a scenario.
package enum Step: Sendable, Hashable {
  /// The page calls a native handler.
  case pageCall(handler: String, data: JSONValue?, callbackLabel: String?, form: CallForm)
  /// The native side calls a page handler.
  case nativeCall(handler: String, data: JSONValue?, callbackLabel: String?)
  /// The page registers (or replaces) a handler.
  case pageRegister(NamedBehaviour)
  /// The native side registers (or replaces) a handler.
  case nativeRegister(NamedBehaviour)
  /// The native side removes a handler.
  case nativeRemove(handler: String)
  /// The native side resets the bridge.
  case nativeReset
  /// The native side switches the page to synchronous dispatch.
  case nativeDisableSafetyTimeout
  /// The page calls `disableJavscriptAlertBoxSafetyTimeout()`.
  case pageDisableSafetyTimeout
  /// The web view reloads the page.
  case reload
  /// The page navigates (an iframe appended with this `src`, or `location.href`).
  case navigate(url: String, frame: FrameKind)
  /// Virtual time moves forward by this many milliseconds.
  case advance(milliseconds: Int64)
  /// Everything pending runs, until nothing is left.
  case settle
  /// The page runs this script (the page's own code, not the bridge's).
  case pageScript(String)
  /// Wire level: the harness plays the native side and hands this text to
  /// the page's message entry point.
  case deliverToPage(raw: String)
  /// Wire level: the harness plays the page side: the page's next queue
  /// fetch returns this value (a string, or anything for robustness cases;
  /// `nil` returns `undefined`), then the page signals (with `signal` as the
  /// iframe URL when given, e.g. a legacy-scheme or upper-case URL).
  case queueToNative(result: JSONValue?, signal: String?)
  /// The page asks the native side to inject the bridge, the way a page of
  /// the dialect asks: a navigation to its bridge-loaded URL, or a post to
  /// its injection handler (`page.requestInjection`).
  case pageRequestInjection
  /// The page sends the dialect's queue signal carrying nothing, as a page
  /// bridge does after queueing a message (`page.signal`): the native side
  /// then fetches the queue.
  case pageSignal
  /// The page calls the handshake `init(defaultHandler)` itself, with a
  /// default handler of this behaviour recorded under this name, or with
  /// none (`page.init`); see `Setup.pageInit`.
  case pageInit(NamedBehaviour?)
}

/// A built-in check that every scenario runs unless it opts out.
package enum Invariant: String, Sendable, Hashable, CaseIterable {
  /// No exception escapes page code (scripted throws excepted).
  case noUncaughtException = "no-uncaught-exception"
  /// No promise rejection goes unhandled in the page.
  case noUnhandledRejection = "no-unhandled-rejection"
  /// No script the native side evaluates contains a raw U+2028 or U+2029
  /// (a SyntaxError in engines before ES2019).
  case noRawLineSeparator = "no-raw-line-separator"
  /// No callback runs more than once.
  case noDuplicateCallback = "no-duplicate-callback"
}

/// What the trace must show.
package struct Expectations: Sendable, Hashable {
  /// Events that must appear, flattened: the patterns of an `anyOrder`
  /// group are consecutive and share their ``EventPattern/group``.
  package var events: [EventPattern] = []
  /// Whether `events` must appear in this order (the patterns of one
  /// `anyOrder` group in any order among themselves).
  package var ordered = true
  /// Events that must never appear.
  package var absent: [EventPattern] = []
  /// Exact or bounded numbers of matching events.
  package var counts: [CountExpectation] = []
}

/// A pattern matching trace events: the event name and matchers for fields.
package struct EventPattern: Sendable, Hashable, CustomStringConvertible {
  /// The event name, e.g. `native-callback-invoked`.
  package var event: String
  /// Field name → what the field must be.
  package var fields: [(key: String, matcher: ValueMatcher)]
  /// Where the pattern was written, for messages.
  package var pointer: JSONPointer
  /// In `expect.events`: the `anyOrder` group the pattern belongs to (the
  /// group's index in `events` as written), nil for an entry of its own.
  /// The patterns of a group are consecutive; they may happen in any order
  /// among themselves, after the entry before the group and before the
  /// entry after it.
  package var group: Int? = nil

  package static func == (lhs: EventPattern, rhs: EventPattern) -> Bool {
    lhs.event == rhs.event && lhs.pointer == rhs.pointer && lhs.fields.map(\.key) == rhs.fields.map(\.key)
      && lhs.fields.map(\.matcher) == rhs.fields.map(\.matcher) && lhs.group == rhs.group
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(event)
    hasher.combine(pointer)
  }

  /// The pattern as written: `native-callback-invoked {"label":"c1","data":0}`.
  package var description: String {
    var object = JSONObject()
    for (key, matcher) in fields { object[key] = matcher.json }
    return fields.isEmpty ? event : "\(event) \(JSONValue.object(object))"
  }
}

/// A number of events a pattern must match.
package struct CountExpectation: Sendable, Hashable {
  /// The pattern counted.
  package var pattern: EventPattern
  /// The least number allowed.
  package var minimum: Int
  /// The most allowed, if bounded.
  package var maximum: Int?
}
