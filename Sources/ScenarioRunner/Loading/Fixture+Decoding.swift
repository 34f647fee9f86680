import BridgeImplementations
import Dialects
import JSONModel
import PageSimulation
import WebViewHosting

extension Fixture {
  /// Decodes a fixture from parsed JSON, recording every problem found.
  /// Returns `nil` when any problem was recorded.
  static func decode(_ root: JSONValue, file: String, problems: ProblemCollector) -> Fixture? {
    let before = problems.problems.count
    let root = FixtureGenerators.expand(root, at: .root, problems: problems)
    let node = JSONNode(value: root, pointer: .root, problems: problems)
    guard let object = node.object(allowed: FixtureSchema.topLevelFields, context: " in a fixture") else { return nil }
    let decoder = FixtureDecoding(problems: problems)

    let id = object.required("id", hint: "a path-like id such as \"area/what-it-checks\"")?.string()
    let title = object.required("title", hint: "state the rule in one sentence")?.string()
    let area = object.required("area")?.string()
    let level = object.required("level", hint: "must, should or may")?.choice(Level.self, Level.allCases)
    let spec = object.required("spec", hint: "an anchor of docs/protocol.md, e.g. \"missing-handler-no-crash\"")?
      .string()
    let subject = object.required("subject", hint: "page, native or pair")?.choice(Subject.self, Subject.allCases)
    let tags = object.optional("tags")?.array()?.compactMap { $0.string() } ?? []
    let description = object.optional("description")?.string()
    let requires = object.optional("requires").map(decoder.requirements) ?? Requirements()
    let setup = object.optional("setup").map(decoder.setup) ?? Setup()
    let steps = object.optional("steps")?.array()?.compactMap(decoder.step) ?? []
    let expect = object.optional("expect").map(decoder.expectations) ?? Expectations()
    let schedule = object.optional("schedule").flatMap(ScheduleDecoding.schedule)
    let engines = object.optional("engines").flatMap(decoder.engines)
    let captures = object.optional("captures")?.array()?.compactMap { decoder.pattern($0) } ?? []
    decoder.checkCaptures(captures, expect: expect, steps: steps, at: JSONPointer.root.appending("captures"))
    let allow = Set(
      object.optional("allow")?.array()?.compactMap { $0.choice(Invariant.self, Invariant.allCases) } ?? [])
    let levelByPeers =
      object.optional("levelByPeers").map { decoder.levelByPeers($0, level: level, subject: subject) } ?? []

    if let id, let area, !id.hasPrefix(area + "/") {
      problems.add(
        JSONPointer.root.appending("id"), "id-area-mismatch",
        "the id \"\(id)\" does not start with its area \"\(area)/\"",
        hint: "name the fixture \"\(area)/…\" and keep it in Fixtures/\(area)/")
    }
    if let id, id.contains(where: { $0.isWhitespace || $0.isUppercase }) {
      problems.add(
        JSONPointer.root.appending("id"), "bad-id", "ids use lower case and no spaces",
        hint: "e.g. \"data/falsy-values-delivered\"")
    }
    decoder.checkLabels(setup: setup, steps: steps, expect: expect)
    if setup.pageInit == .ready, let index = steps.firstIndex(where: { if case .pageInit = $0 { true } else { false } })
    {
      problems.add(
        JSONPointer.root.appending("steps").appending(index), "init-without-page-init",
        "page.init needs \"pageInit\": \"step\" in setup (otherwise the harness already called init when the bridge was ready)",
        hint: "add \"pageInit\": \"step\" to setup")
    }

    guard problems.problems.count == before, let id, let title, let area, let level, let spec, let subject else {
      return nil
    }
    var fixture = Fixture(
      id: id, title: title, area: area, level: level, spec: spec, subject: subject, tags: tags,
      description: description, requires: requires, setup: setup, steps: steps, expect: expect, captures: captures,
      allow: allow, file: file)
    fixture.schedule = schedule
    fixture.engines = engines
    fixture.levelByPeers = levelByPeers
    return fixture
  }
}

/// The decoding of each part of a fixture.
private struct FixtureDecoding {
  let problems: ProblemCollector

  func requirements(_ node: JSONNode) -> Requirements {
    guard let object = node.object(allowed: FixtureSchema.requiresFields, context: " in requires") else {
      return Requirements()
    }
    return Requirements(
      features: object.optional("features")?.array()?.compactMap { $0.string() } ?? [],
      dispatch: object.optional("dispatch")?.choice(DispatchMode.self, DispatchMode.allCases),
      spelled: object.optional("spelled")?.array()?.compactMap {
        $0.choice(ClassicSpelling.self, ClassicSpelling.allCases)
      } ?? [],
      dialect: object.optional("dialect")?.array()?.compactMap { $0.choice(DialectTrait.self, DialectTrait.allCases) }
        ?? [],
      because: object.optional("because")?.string())
  }

  /// `levelByPeers`: each entry a fact about the peers of the judged side
  /// and a level lower than the fixture's.
  func levelByPeers(_ node: JSONNode, level: Level?, subject: Subject?) -> [PeerLevel] {
    guard let entries = node.array() else { return [] }
    var levels: [PeerLevel] = []
    for entry in entries {
      guard let object = entry.object(allowed: FixtureSchema.peerLevelFields, context: " in levelByPeers") else {
        continue
      }
      let facts = PeerFact.allCases.map(\.rawValue).joined(separator: ", ")
      guard
        let fact = object.required("fact", hint: "a fact about the peers: \(facts)")?.choice(
          PeerFact.self, PeerFact.allCases),
        let lower = object.required("level", hint: "should or may")?.choice(Level.self, Level.allCases)
      else { continue }
      if let level, lower <= level {
        problems.add(
          entry.pointer.appending("level"), "level-not-lowered",
          "levelByPeers lowers the level: \(lower.rawValue) is not lower than the fixture's \(level.rawValue)",
          hint: "give a lower level, or remove the entry")
      }
      let peers: PeerSide? = subject == .page ? .native : subject == .native ? .page : nil
      if let peers, fact.side != peers {
        problems.add(
          entry.pointer.appending("fact"), "fact-of-the-judged-side",
          "\(fact.rawValue) is about \(fact.side.rawValue) sides, and the fixture judges the \(subject?.rawValue ?? "") side, "
            + "whose peers are \(peers.rawValue) sides",
          hint: "a fixture's level depends on the peers of the side it judges")
      }
      if levels.contains(where: { $0.fact == fact }) {
        problems.add(
          entry.pointer.appending("fact"), "duplicate-fact", "\(fact.rawValue) is listed twice",
          hint: "list each fact once")
      }
      levels.append(PeerLevel(fact: fact, level: lower))
    }
    return levels
  }

  func engines(_ node: JSONNode) -> EngineRestriction? {
    guard let object = node.object(allowed: FixtureSchema.engineFields, context: " in engines") else { return nil }
    let listed = object.required("only", hint: "the engines the fixture runs in, e.g. [\"simulated\"]")?.array()
    let names = listed?.compactMap {
      element -> String? in
      guard let name = element.string() else { return nil }
      guard FixtureSchema.engineNames.contains(name) else {
        problems.add(
          element.pointer, "unknown-engine", "\"\(name)\" is no engine",
          hint: "use one of: \(FixtureSchema.engineNames.joined(separator: ", "))")
        return nil
      }
      return name
    }
    let because = object.required("because", hint: "say why the fixture cannot be judged in the other engines")?
      .string()
    guard let listed, let names, let because, names.count == listed.count else { return nil }
    if names.isEmpty {
      problems.add(
        node.pointer.appending("only"), "no-engine", "engines.only lists no engine: the fixture would never run",
        hint: "name at least one of \(FixtureSchema.engineNames.joined(separator: ", "))")
      return nil
    }
    return EngineRestriction(only: names, because: because)
  }

  func setup(_ node: JSONNode) -> Setup {
    var setup = Setup()
    guard let object = node.object(allowed: FixtureSchema.setupFields, context: " in setup") else { return setup }
    if let value = object.optional("transport")?.choice(Transport.self, Transport.allCases) { setup.transport = value }
    if let value = object.optional("injection")?.choice(Injection.self, Injection.allCases) { setup.injection = value }
    if let value = object.optional("iframeNavigation")?.choice(
      IframeNavigationMode.self, [.coalesced, .everyRequest])
    {
      setup.iframeNavigation = value
    }
    if let options = object.optional("options")?.object(allowed: FixtureSchema.optionFields, context: " in options") {
      if let value = options.optional("answerMissingHandler")?.bool() { setup.options.answerMissingHandler = value }
    }
    setup.nativeHandlers = handlers(object.optional("nativeHandlers"), page: false)
    setup.pageHandlers = handlers(object.optional("pageHandlers"), page: true)
    if let value = object.optional("pageSetup")?.choice(PageSetup.self, PageSetup.allCases) { setup.pageSetup = value }
    setup.pageScripts = object.optional("pageScripts")?.array()?.compactMap { $0.string() } ?? []
    if let policy = object.optional("appPolicy")?.object(
      allowed: FixtureSchema.appPolicyFields, context: " in appPolicy")
    {
      setup.appCancels =
        policy.optional("cancel")?.array()?.compactMap { node in
          node.string().flatMap { regex($0, at: node.pointer) }
        } ?? []
    }
    if let value = object.optional("pageInit")?.choice(PageInit.self, PageInit.allCases) { setup.pageInit = value }
    if let onReady = object.optional("onReady")?.array() {
      setup.onReady = onReady.compactMap { element in
        guard let step = step(element) else { return nil }
        if !Self.isPageSide(step) {
          problems.add(
            element.pointer, "not-a-page-step", "onReady runs inside the page's ready callback: only page steps fit",
            hint:
              "use page.call, page.register, page.script or page.disableSafetyTimeout here; put other steps in \"steps\""
          )
        }
        return step
      }
    }
    return setup
  }

  static func isPageSide(_ step: Step) -> Bool {
    switch step {
    case .pageCall, .pageRegister, .pageScript, .pageDisableSafetyTimeout, .pageInit: return true
    default: return false
    }
  }

  func handlers(_ node: JSONNode?, page: Bool) -> [NamedBehaviour] {
    guard let node, let object = node.object() else { return [] }
    return object.entries.compactMap { key, value in
      behaviour(value, page: page).map { NamedBehaviour(name: key, behaviour: $0) }
    }
  }

  func behaviour(_ node: JSONNode, page: Bool) -> Behaviour? {
    if let shorthand = node.value.stringValue {
      switch shorthand {
      case "echo": return .echo
      case "silent": return Behaviour()
      default:
        problems.add(
          node.pointer, "unknown-value", "\"\(shorthand)\" is not a behaviour shorthand",
          hint: "use \"echo\", \"silent\" or an object with \(FixtureSchema.behaviourFields.joined(separator: ", "))")
        return nil
      }
    }
    guard let object = node.object(allowed: FixtureSchema.behaviourFields, context: " in a behaviour") else {
      return nil
    }
    var behaviour = Behaviour()
    if let respond = object.optional("respond") {
      switch respond.value {
      case .string("echo"): behaviour.respond = .echo
      case .string("undefined"): behaviour.respond = .value(nil)
      case .object:
        if let value = respond.object(allowed: ["value"], context: " in respond")?.required(
          "value", hint: "{\"value\": <any JSON>} answers with that value")
        {
          behaviour.respond = .value(value.value)
        }
      default:
        respond.wrongType(
          "\"echo\", \"undefined\" or {\"value\": …}", hint: "leave \"respond\" out for a handler that never answers")
      }
    }
    if let times = object.optional("times")?.integer(maximum: 1000) { behaviour.times = times }
    if let delay = object.optional("delay")?.integer(maximum: 3_600_000) { behaviour.delay = Int64(delay) }
    if let message = object.optional("throw") {
      if !page {
        problems.add(
          message.pointer, "throw-on-native",
          "native handlers cannot throw (Swift has no exceptions across the bridge)",
          hint: "use \"throw\" in pageHandlers or page.register only")
      }
      behaviour.throwMessage = message.string()
    }
    if let call = object.optional("call")?.object(allowed: FixtureSchema.callFields, context: " in call") {
      if let handler = call.required("handler")?.string() {
        behaviour.call = CallSpec(
          handler: handler, data: call.optional("data")?.value, callbackLabel: call.optional("callback")?.string())
      }
    }
    return behaviour
  }

  func step(_ node: JSONNode) -> Step? {
    guard let object = node.object() else { return nil }
    let actionNames = FixtureSchema.actions.map(\.name)
    guard let actionNode = object.required("action", hint: "one of: \(actionNames.joined(separator: ", "))"),
      let action = actionNode.string()
    else { return nil }
    guard let spec = FixtureSchema.actions.first(where: { $0.name == action }) else {
      let suggestion = closest(to: action, among: actionNames).map { "did you mean \"\($0)\"? " } ?? ""
      problems.add(
        actionNode.pointer, "unknown-action", "\"\(action)\" is not a step action",
        hint: suggestion + "actions: \(actionNames.joined(separator: ", "))")
      return nil
    }
    guard let fields = node.object(allowed: ["action"] + spec.fields, context: " for action \(action)") else {
      return nil
    }
    let required = spec.required.map { fields.required($0) }
    guard required.allSatisfy({ $0 != nil }) else { return nil }
    let handler = fields.optional("handler")?.string()
    let data = fields.optional("data")?.value
    let label = fields.optional("callback")?.string()

    switch action {
    case "page.call":
      let form = fields.optional("form")?.choice(CallForm.self, CallForm.allCases) ?? .standard
      if form == .twoArgument, data != nil || label == nil {
        problems.add(
          node.pointer, "bad-two-argument-call", "the two-argument form takes a callback and no data",
          hint: "give \"callback\" and leave \"data\" out, or use the standard form")
      }
      return handler.map { .pageCall(handler: $0, data: data, callbackLabel: label, form: form) }
    case "native.call":
      return handler.map { .nativeCall(handler: $0, data: data, callbackLabel: label) }
    case "page.register", "native.register":
      guard let handler, let node = fields.optional("behaviour"),
        let behaviour = behaviour(node, page: action == "page.register")
      else { return nil }
      let named = NamedBehaviour(name: handler, behaviour: behaviour)
      return action == "page.register" ? .pageRegister(named) : .nativeRegister(named)
    case "native.remove":
      return handler.map { .nativeRemove(handler: $0) }
    case "native.reset": return .nativeReset
    case "native.disableSafetyTimeout": return .nativeDisableSafetyTimeout
    case "page.disableSafetyTimeout": return .pageDisableSafetyTimeout
    case "reload": return .reload
    case "settle": return .settle
    case "navigate":
      guard let url = fields.optional("url")?.string() else { return nil }
      let frame = fields.optional("frame")?.choice(FrameKind.self, [.iframe, .main]) ?? .iframe
      return .navigate(url: url, frame: frame)
    case "advance":
      return fields.optional("ms")?.integer(maximum: 86_400_000).map { .advance(milliseconds: Int64($0)) }
    case "page.script":
      return fields.optional("script")?.string().map { .pageScript($0) }
    case "wire.toPage":
      return wireToPage(fields, at: node.pointer)
    case "wire.toNative":
      return wireToNative(fields, at: node.pointer)
    case "page.requestInjection": return .pageRequestInjection
    case "page.signal": return .pageSignal
    case "page.init":
      return pageInit(fields, handler: handler, at: node.pointer)
    default:
      return nil
    }
  }

  private func pageInit(_ fields: ObjectNode, handler: String?, at pointer: JSONPointer) -> Step? {
    let behaviourNode = fields.optional("behaviour")
    switch (handler, behaviourNode) {
    case (nil, nil): return .pageInit(nil)
    case (let handler?, let node?):
      return behaviour(node, page: true).map { .pageInit(NamedBehaviour(name: handler, behaviour: $0)) }
    default:
      problems.add(
        pointer, "bad-default-handler",
        "page.init takes both \"handler\" and \"behaviour\" (a default handler), or neither",
        hint: "\"handler\" is the name the default handler's calls are recorded under in page-handler-invoked")
      return nil
    }
  }

  private func wireToPage(_ fields: ObjectNode, at pointer: JSONPointer) -> Step? {
    let raw = fields.optional("raw")
    let message = fields.optional("message")
    switch (raw, message) {
    case (let raw?, nil): return raw.string(nonEmpty: false).map { .deliverToPage(raw: $0) }
    case (nil, let message?): return .deliverToPage(raw: message.value.serialized())
    default:
      problems.add(
        pointer, "wire-payload", "wire.toPage needs exactly one of \"raw\" (text) and \"message\" (JSON)",
        hint: "\"message\" is serialized for you; \"raw\" is handed over as written, for malformed input")
      return nil
    }
  }

  private func wireToNative(_ fields: ObjectNode, at pointer: JSONPointer) -> Step? {
    let signal = fields.optional("signal")?.string()
    let given = [fields.optional("raw"), fields.optional("messages"), fields.optional("result")].compactMap { $0 }
    guard given.count == 1, let only = given.first else {
      problems.add(
        pointer, "wire-payload", "wire.toNative needs exactly one of \"raw\", \"messages\" and \"result\"",
        hint: "\"messages\" is an array serialized for you; \"raw\" is the text the queue fetch returns; "
          + "\"result\" is any value it returns ({\"$undefined\": true} for undefined)")
      return nil
    }
    switch only.pointer.tokens.last {
    case "raw": return only.string(nonEmpty: false).map { .queueToNative(result: .string($0), signal: signal) }
    case "messages":
      guard only.array() != nil else { return nil }
      return .queueToNative(result: .string(only.value.serialized()), signal: signal)
    default:
      if only.value == ["$undefined": true] { return .queueToNative(result: nil, signal: signal) }
      return .queueToNative(result: only.value, signal: signal)
    }
  }

  /// Every `$capture` is in `captures`, named once; every `$captured`,
  /// `$containsCaptured` and `${name}` in a wire step names a capture.
  func checkCaptures(_ captures: [EventPattern], expect: Expectations, steps: [Step], at pointer: JSONPointer) {
    var defined: [String] = []
    for pattern in captures {
      let names = pattern.fields.flatMap { $0.matcher.bindsNames }
      if names.isEmpty {
        problems.add(
          pattern.pointer, "capture-binds-nothing", "a capture pattern binds no name",
          hint:
            "give one field {\"$capture\": \"name\"}, e.g. {\"event\": \"wire-to-page\", \"message\": {\"callbackId\": {\"$capture\": \"n1\"}}}"
        )
      }
      for name in names where defined.contains(name) {
        problems.add(
          pattern.pointer, "capture-twice", "the capture \"\(name)\" is bound twice",
          hint: "give each capture its own name")
      }
      defined += names
    }
    for pattern in expect.events + expect.absent + expect.counts.map(\.pattern) {
      for (key, matcher) in pattern.fields {
        if !matcher.bindsNames.isEmpty {
          problems.add(
            pattern.pointer.appending(key), "capture-outside-captures", "$capture is allowed in \"captures\" only",
            hint: "bind the name in \"captures\" and match it here with {\"$captured\": …}")
        }
        for name in matcher.readsNames where !defined.contains(name) {
          problems.add(
            pattern.pointer.appending(key), "unknown-capture", "no capture is called \"\(name)\"",
            hint: defined.isEmpty ? "define it in \"captures\"" : "captures: \(defined.joined(separator: ", "))")
        }
      }
    }
    for (index, step) in steps.enumerated() {
      let raw: String
      switch step {
      case .deliverToPage(let text), .queueToNative(.string(let text)?, _): raw = text
      default: continue
      }
      for name in CaptureSubstitution.names(in: raw) where !defined.contains(name) {
        problems.add(
          JSONPointer.root.appending("steps").appending(index), "unknown-capture", "no capture is called \"\(name)\"",
          hint: "define it in \"captures\"; ${name} in a wire.toPage or wire.toNative message stands for its value")
      }
    }
  }

  func expectations(_ node: JSONNode) -> Expectations {
    var expect = Expectations()
    guard let object = node.object(allowed: FixtureSchema.expectFields, context: " in expect") else { return expect }
    expect.events = object.optional("events")?.array()?.enumerated().flatMap { eventEntry($1, index: $0) } ?? []
    if let ordered = object.optional("ordered")?.bool() { expect.ordered = ordered }
    expect.absent = object.optional("absent")?.array()?.compactMap { pattern($0) } ?? []
    expect.counts = object.optional("counts")?.array()?.compactMap(count) ?? []
    return expect
  }

  /// One entry of `expect.events`: a pattern, or `{"anyOrder": [pattern, …]}`
  /// (at least two patterns that may happen in any order among themselves).
  private func eventEntry(_ node: JSONNode, index: Int) -> [EventPattern] {
    guard let object = node.value.objectValue, object["anyOrder"] != nil else {
      return pattern(node).map { [$0] } ?? []
    }
    guard let group = node.object(allowed: ["anyOrder"], context: " in an anyOrder group"),
      let members = group.optional("anyOrder")?.array()
    else { return [] }
    if members.count < 2 {
      problems.add(
        node.pointer.appending("anyOrder"), "bad-any-order", "an anyOrder group lists at least two event patterns",
        hint: "write a single pattern as an entry of \"events\" by itself")
    }
    return members.compactMap { member in
      guard var found = pattern(member) else { return nil }
      found.group = index
      return found
    }
  }

  private func count(_ node: JSONNode) -> CountExpectation? {
    guard let object = node.object() else { return nil }
    let exact = object.optional("$count")?.integer(maximum: 1_000_000)
    let minimum = object.optional("$min")?.integer(maximum: 1_000_000)
    let maximum = object.optional("$max")?.integer(maximum: 1_000_000)
    guard exact != nil || minimum != nil || maximum != nil else {
      problems.add(
        node.pointer, "missing-count", "a count needs \"$count\", or \"$min\" and/or \"$max\"",
        hint: "e.g. {\"event\": \"native-handler-invoked\", \"handler\": \"h\", \"$count\": 1}")
      return nil
    }
    guard let pattern = pattern(node, skipping: FixtureSchema.countFields) else { return nil }
    return CountExpectation(pattern: pattern, minimum: exact ?? minimum ?? 0, maximum: exact ?? maximum)
  }

  func pattern(_ node: JSONNode, skipping: [String] = []) -> EventPattern? {
    guard let object = node.object() else { return nil }
    guard let eventNode = object.required("event", hint: "the trace event to match, e.g. \"native-callback-invoked\""),
      let event = eventNode.string()
    else { return nil }
    if !FixtureSchema.eventNames.contains(event) {
      let suggestion = closest(to: event, among: FixtureSchema.eventNames).map { "did you mean \"\($0)\"? " } ?? ""
      problems.add(
        eventNode.pointer, "unknown-event", "no trace event is called \"\(event)\"",
        hint: suggestion + "events: \(FixtureSchema.eventNames.joined(separator: ", "))")
    }
    var fields: [(key: String, matcher: ValueMatcher)] = []
    for (key, value) in object.entries where key != "event" && !skipping.contains(key) {
      guard let matcher = matcher(value) else { continue }
      fields.append((key, matcher))
    }
    return EventPattern(event: event, fields: fields, pointer: node.pointer)
  }

  func matcher(_ node: JSONNode) -> ValueMatcher? {
    switch node.value {
    case .object(let object):
      if let key = object.keys.first(where: { $0.hasPrefix("$") }) {
        guard object.count == 1, let operand = object[key] else {
          problems.add(
            node.pointer, "bad-matcher", "a $ form stands alone in its object",
            hint: "write {\"\(key)\": …} by itself; use {\"$literal\": …} for data with $ keys")
          return nil
        }
        let operandNode = JSONNode(value: operand, pointer: node.pointer.appending(key), problems: problems)
        switch key {
        case "$undefined": return operand == true ? .undefined : badOperand(operandNode, "true")
        case "$any": return operand == true ? .any : badOperand(operandNode, "true")
        case "$type": return operandNode.choice(JSONTypeName.self, JSONTypeName.allCases).map { .type($0.rawValue) }
        case "$regex":
          guard let pattern = operandNode.string() else { return nil }
          return regex(pattern, at: operandNode.pointer).map { .regex($0) }
        case "$contains": return operandNode.string(nonEmpty: false).map { .contains($0) }
        case "$literal": return .exact(operand)
        case "$capture": return operandNode.string().map { .capture($0) }
        case "$captured": return operandNode.string().map { .captured($0) }
        case "$containsCaptured": return operandNode.string().map { .containsCaptured($0) }
        default:
          let suggestion = closest(to: key, among: ValueMatcher.operatorNames).map { "did you mean \"\($0)\"? " } ?? ""
          problems.add(
            node.pointer.appending(key), "unknown-matcher", "\"\(key)\" is not a matcher",
            hint: suggestion + "matchers: \(ValueMatcher.operatorNames.joined(separator: ", "))")
          return nil
        }
      }
      var fields: [String: ValueMatcher] = [:]
      var structural = false
      for (key, value) in object {
        guard let inner = matcher(JSONNode(value: value, pointer: node.pointer.appending(key), problems: problems))
        else {
          return nil
        }
        if case .exact = inner {} else { structural = true }
        fields[key] = inner
      }
      return structural ? .object(fields) : .exact(node.value)
    case .array(let elements):
      var matchers: [ValueMatcher] = []
      var structural = false
      for (index, element) in elements.enumerated() {
        guard let inner = matcher(JSONNode(value: element, pointer: node.pointer.appending(index), problems: problems))
        else {
          return nil
        }
        if case .exact = inner {} else { structural = true }
        matchers.append(inner)
      }
      return structural ? .array(matchers) : .exact(node.value)
    default:
      return .exact(node.value)
    }
  }

  /// Compiles a fixture's pattern once, at load time; an unsupported or
  /// malformed one is a `bad-regex` problem saying why and what to write.
  func regex(_ pattern: String, at pointer: JSONPointer) -> BoundedRegex? {
    do {
      return try BoundedRegex(pattern)
    } catch {
      problems.add(
        pointer, "bad-regex", "not a supported regular expression: \(error)",
        hint: error.hint + " (JSON needs \\\\ for one backslash)")
      return nil
    }
  }

  private func badOperand(_ node: JSONNode, _ expected: String) -> ValueMatcher? {
    problems.add(node.pointer, "bad-matcher", "this matcher takes \(expected)")
    return nil
  }

  /// Callback labels must be unique, and patterns must name existing labels.
  func checkLabels(setup: Setup, steps: [Step], expect: Expectations) {
    var labels: [String] = []
    func collect(_ behaviour: Behaviour) {
      if let label = behaviour.call?.callbackLabel { labels.append(label) }
    }
    setup.nativeHandlers.forEach { collect($0.behaviour) }
    setup.pageHandlers.forEach { collect($0.behaviour) }
    for step in setup.onReady + steps {
      switch step {
      case .pageCall(_, _, let label?, _), .nativeCall(_, _, let label?): labels.append(label)
      case .pageRegister(let named), .nativeRegister(let named), .pageInit(let named?): collect(named.behaviour)
      default: break
      }
    }
    var seen: Set<String> = []
    for label in labels where !seen.insert(label).inserted {
      problems.add(
        JSONPointer.root, "duplicate-label", "the callback label \"\(label)\" is used twice",
        hint: "give every call with a callback its own label")
    }
    for pattern in expect.events + expect.absent + expect.counts.map(\.pattern)
    where pattern.event.hasSuffix("callback-invoked") {
      for (key, matcher) in pattern.fields where key == "label" {
        if case .exact(.string(let label)) = matcher, !seen.contains(label) {
          problems.add(
            pattern.pointer.appending("label"), "unknown-label",
            "no step or behaviour has the callback label \"\(label)\"",
            hint: "labels defined here: \(seen.sorted().joined(separator: ", "))")
        }
      }
    }
  }
}

/// The type names `$type` accepts.
private enum JSONTypeName: String, CaseIterable {
  case null, boolean, number, string, array, object
}
