import Dialects
import JSONModel

/// What the page-to-native probes found.
struct SendingFindings {
  /// The page method that calls a native handler.
  var callFunction: String?
  /// The function the native side fetches the queue with.
  var fetchFunction: String?
  /// Functions never to call as a fetch (the page API's own).
  var excludedFromFetch: Set<String> = []
  /// The probe call's message as it left.
  var main: Sent?
  /// How the page API is called.
  var shape: PageCallShape = .wvjb
  /// The member holding the handler name, the data and the callback id.
  var nameKey: String?
  var dataKey: String?
  var idKey: String?
  /// The id the probe call with a callback got (to answer it).
  var callbackID: JSONValue?
  /// Typed messages: the id and type members and the request's type.
  var typed: TypedMessages?
  /// The params member holding the callback (params-callback calls).
  var callbackKey: String?
  /// Whether the callback id travels inside the data.
  var callbackInData = false
  /// The record members the handler name is split into.
  var splitFields: [String]?
  /// The request member naming the answer function, and what it holds.
  var answerFunctionField: String?
  var answerFunctionValue: String?
  /// Host-object calls with a message's parts.
  var hostCalls: HostObjectCalls?
}

extension PageProbes {
  /// Finds how the page calls native code: the call function, the signal,
  /// how the queue reaches the native side, the message's members and ids,
  /// and the calling convention's page side.
  func probeSending() throws(PageInferenceFailure) {
    guard let (page, sent) = findCall() else {
      throw .noBridge(
        file: file,
        reason: "calling its functions (\(layout.functions.joined(separator: ", "))) with a handler name, data and a "
          + "callback sends nothing a native side could read: no navigation, script message, channel or host-object "
          + "call, or prompt carried or announced the message")
    }
    sending.main = sent
    let call = sending.callFunction ?? ""
    facts.callHandler = Observed(
      call, "\(layout.global).\(call)(name, data, callback) sent the probe's message: \(sent.evidence)")
    if let fetch = sent.fetch {
      sending.fetchFunction = fetch
      facts.fetchQueue = Observed(fetch, sent.evidence)
    }
    switch sending.shape {
    case .record: analyseRecord(page, sent)
    default:
      if sent.hostCall != nil {
        analyseHostCalls(page, sent)
      } else if sent.urlPathSeparator != nil {
        analyseURLPath(page, sent)
      } else {
        analyseMessage(page, sent)
      }
    }
    recordSignalFacts(sent)
  }

  /// The call function and its first message: each candidate in turn with
  /// `(name, data, callback)`, then with a record; first with the page as
  /// a web view has it, then with every global and message handler the
  /// bridge looks up during the call standing in.
  private func findCall() -> (ProbePage, Sent)? {
    let candidates = layout.ordered([
      "=callHandler", "callhandler", "call", "invoke", "send", "native", "request", "exec", "post",
    ])
    let wasFabricating = setup.fabricate
    let agents: [String?] = [setup.userAgent] + userAgents.filter { $0 != setup.userAgent }.map { Optional($0) }
    for (agent, fabricate) in agents.flatMap({ agent in (wasFabricating ? [true] : [false, true]).map { (agent, $0) } })
    {
      guard mayMakePage else { break }
      setup.fabricate = fabricate
      setup.userAgent = agent
      if let agent {
        facts.userAgent = Observed(
          agent,
          "with the simulated page's own user agent nothing the bridge sent could be read; with this one it could")
      }
      let (page, _) = loadedPage()
      for candidate in candidates {
        let arguments: [ProbeArgument] = [
          .value(.string(ProbeNames.call)), .value(ProbeNames.pageData), .callback("call"),
        ]
        if let sent = send(page, [layout.global, candidate], arguments, marker: .handlerName(ProbeNames.call)).sent {
          sending.callFunction = candidate
          sending.shape = .wvjb
          return (page, sent)
        }
      }
      for candidate in candidates {
        if let sent = send(
          page, [layout.global, candidate], [.record("record"), .callback("record")], marker: .record
        ).sent {
          sending.callFunction = candidate
          sending.shape = .record
          return (page, sent)
        }
      }
    }
    setup.fabricate = wasFabricating
    setup.userAgent = nil
    facts.userAgent = nil
    return nil
  }

  /// A message with the handler name in a member: the members, classic
  /// ids or typed messages, and the two-argument form.
  private func analyseMessage(_ page: ProbePage, _ sent: Sent) {
    guard let message = sent.message else { return }
    let call = sending.callFunction ?? ""
    let nameKey = message.first { $0.value == .string(ProbeNames.call) }?.key
    let dataKey = message.first { $0.value == ProbeNames.pageData }?.key
    sending.nameKey = nameKey
    sending.dataKey = dataKey
    if let nameKey {
      facts.fields["handlerName"] = Observed(
        nameKey,
        "the probe's message \(Self.short(JSONValue.object(message).serialized())) has the handler name in \(nameKey)")
    }
    if let dataKey { facts.fields["data"] = Observed(dataKey, "the probe's message has its data in \(dataKey)") }
    let quiet = send(
      page, [layout.global, call], [.value(.string(ProbeNames.noCallback)), .value(ProbeNames.pageData)],
      marker: .handlerName(ProbeNames.noCallback)
    ).sent?.message
    let extras = Set(message.keys).subtracting([nameKey, dataKey].compactMap { $0 })
    let quietExtras = Set(quiet?.keys ?? []).subtracting([nameKey, dataKey].compactMap { $0 })
    let onlyWithCallback = extras.subtracting(quietExtras).sorted()
    if onlyWithCallback.count == 1, let idKey = onlyWithCallback.first {
      sending.idKey = idKey
      sending.callbackID = message[idKey]
      facts.fields["callbackId"] = Observed(
        idKey, "a call with a callback sent \(idKey): \(message[idKey]?.serialized() ?? "?"); one without sent none")
      facts.typedMessages = Observed(nil, "a call without a callback sends no id")
      let two = send(
        page, [layout.global, call], [.value(.string(ProbeNames.twoArguments)), .callback("two")],
        marker: .handlerName(ProbeNames.twoArguments)
      ).sent?.message
      if let two {
        let takesCallback = two[idKey] != nil
        facts.twoArgumentCall = Observed(
          takesCallback,
          "\(call)('\(ProbeNames.twoArguments)', fn) sent \(Self.short(JSONValue.object(two).serialized())): "
            + (takesCallback ? "the function is the callback" : "no callback id, the function is data"))
      }
    } else if let quiet, !quietExtras.isEmpty, quietExtras == extras {
      // Every request carries an id and a constant type (typed messages).
      let typeKey = extras.sorted().first { key in
        if case .string(let value)? = message[key], quiet[key] == .string(value) { return true }
        return false
      }
      let idKey = extras.sorted().first { $0 != typeKey && message[$0] != quiet[$0] }
      if let typeKey, let idKey, let request = message[typeKey]?.stringValue {
        let ids: TypedMessages.IDForm = message[idKey]?.numberValue != nil ? .counter : .string
        sending.typed = TypedMessages(
          idField: idKey, typeField: typeKey, request: request, response: "response", error: nil, ids: ids)
        sending.idKey = idKey
        sending.callbackID = message[idKey]
        facts.typedMessages = Observed(
          sending.typed,
          "every request carries \(idKey) (\(message[idKey]?.serialized() ?? "?"), then \(quiet[idKey]?.serialized() ?? "?")) "
            + "and \(typeKey): \(request), with or without a callback")
      } else {
        facts.leaveUndecided(
          "fields.callbackId",
          "the probe's messages carry \(extras.sorted().joined(separator: ", ")) with or without a callback")
      }
    } else {
      facts.leaveUndecided(
        "fields.callbackId", "no member of the probe's message is there only when a callback is given")
    }
  }

  /// Host-object calls named after the handler (JsBridge 2.x): whether
  /// a handler that cannot be a method goes anywhere else.
  private func analyseHostCalls(_ page: ProbePage, _ sent: Sent) {
    guard let (_, args) = sent.hostCall else { return }
    let call = sending.callFunction ?? ""
    if case .value(let id)? = args.dropFirst().first { sending.callbackID = id }
    let other = send(
      page, [layout.global, call],
      [.value(.string(ProbeNames.notIdentifier)), .value(ProbeNames.pageData), .callback("generic")],
      marker: .handlerName(ProbeNames.notIdentifier)
    )
    var generic: String?
    for outgoing in outgoing(other.observation)
    where outgoing.signal.kind == .hostObject && outgoing.signal.name == sent.signal.name {
      generic = outgoing.signal.method
    }
    sending.hostCalls = HostObjectCalls(
      handlerMethods: true, answerMethod: "response", returnAnswers: false, genericMethod: generic != nil)
    if let generic { sending.main?.signal.method = generic }
    let two = send(
      page, [layout.global, call], [.value(.string(ProbeNames.twoArguments)), .callback("two")],
      marker: .handlerName(ProbeNames.twoArguments)
    ).sent
    if let two, let (_, args) = two.hostCall {
      let id = args.dropFirst().first?.json?.stringValue ?? ""
      facts.twoArgumentCall = Observed(
        !id.isEmpty,
        "\(call)('\(ProbeNames.twoArguments)', fn) called \(sent.signal.name).\(ProbeNames.twoArguments) with the id "
          + (id.isEmpty ? "'' (no callback)" : "\(id)"))
    }
  }

  /// The handler name in the signal URL (mushao): the data after it, and
  /// where a callback goes (a member of the params object, its id in the data).
  private func analyseURLPath(_ page: ProbePage, _ sent: Sent) {
    let call = sending.callFunction ?? ""
    let reads = send(
      page, [layout.global, call],
      [.value(.string(ProbeNames.noCallback)), .params("params", members: [("bcProbe", .value("page-data"))])],
      marker: .handlerName(ProbeNames.noCallback)
    ).observation
    let keys = reads.events("params-read").compactMap { event -> String? in
      guard event["tag"]?.stringValue == "params", let key = event["key"]?.stringValue,
        !["toJSON", "then", "constructor", "__proto__"].contains(key)
      else { return nil }
      return key
    }
    for key in Self.unique(keys) {
      let arguments: [ProbeArgument] = [
        .value(.string(ProbeNames.ask)), .object([("bcProbe", .value("page-data")), (key, .callback("params"))]),
      ]
      guard let asked = send(page, [layout.global, call], arguments, marker: .handlerName(ProbeNames.ask)).sent,
        let data = asked.data?.json?.objectValue
      else { continue }
      guard let idKey = data.keys.first(where: { $0 != "bcProbe" && $0 != key }) else { continue }
      sending.callbackKey = key
      sending.callbackInData = true
      sending.idKey = idKey
      sending.callbackID = data[idKey]
      facts.fields["callbackId"] = Observed(
        idKey, "\(call)(name, {…, \(key): fn}) sent the id \(data[idKey]?.serialized() ?? "?") in the data's \(idKey)")
      return
    }
    facts.leaveUndecided("convention.pageCall", "no callback given to \(call) was sent with an id")
  }

  /// A record call (`callNative({module, action, params}, callback)`): the
  /// record's members, which of them carry the handler name and the data,
  /// and the answer function a request names.
  private func analyseRecord(_ page: ProbePage, _ sent: Sent) {
    guard let message = sent.message else { return }
    let call = sending.callFunction ?? ""
    // The record members the bridge read, and which it copied into the message.
    let reads = Self.unique(
      loadRecordReads(sent, page: page).filter { message.values.contains(.string("bcRecord:" + $0)) })
    let dataKey =
      reads.first { key in
        ["param", "data", "arg", "payload", "body", "content"].contains { key.lowercased().contains($0) }
      }
      ?? reads.last
    let splitFields = reads.filter { $0 != dataKey && !["type", "kind", "version"].contains($0.lowercased()) }
    guard let dataKey, !splitFields.isEmpty else {
      facts.leaveUndecided(
        "convention.handlerName", "the record members \(reads.joined(separator: ", ")) do not tell the handler name")
      return
    }
    sending.splitFields = splitFields
    sending.dataKey = dataKey
    facts.fields["data"] = Observed(
      dataKey, "the record member that reads like data among \(reads.joined(separator: ", "))")
    // A real record, with and without a callback.
    var parts = ["bcMod", ProbeNames.ask]
    while parts.count < splitFields.count { parts.insert("bcPart", at: 0) }
    parts = Array(parts.suffix(splitFields.count))
    func record(_ name: String) -> ProbeArgument {
      var members = zip(splitFields, parts).map { ($0, ProbeArgument.value(.string($1))) }
      members[members.count - 1].1 = .value(.string(name))
      members.append((dataKey, .value(ProbeNames.pageData)))
      return .object(members)
    }
    let asked = send(
      page, [layout.global, call], [record(ProbeNames.ask), .callback("ask-record")],
      marker: .handlerName(ProbeNames.ask)
    ).sent?.message
    let quiet = send(
      page, [layout.global, call], [record(ProbeNames.noCallback)], marker: .handlerName(ProbeNames.noCallback)
    ).sent?.message
    guard let asked, let quiet else { return }
    for key in Set(asked.keys).subtracting(quiet.keys).sorted() {
      guard let value = asked[key]?.stringValue else { continue }
      let path = value.hasPrefix("window.") ? String(value.dropFirst(7)) : value
      let components = path.split(separator: ".").map(String.init)
      if !components.isEmpty, components.allSatisfy(SourceText.isIdentifier), page.typeAt(components) == "function" {
        sending.answerFunctionField = key
        sending.answerFunctionValue = value
      } else {
        sending.idKey = key
        sending.callbackID = asked[key]
        facts.fields["callbackId"] = Observed(
          key, "a record call with a callback sent \(key): \(asked[key]?.serialized() ?? "?")")
      }
    }
  }

  private func loadRecordReads(_ sent: Sent, page: ProbePage) -> [String] {
    // The record probe's reads were recorded in the call that found the
    // message; calling again with a fresh record reads them anew.
    let call = sending.callFunction ?? ""
    let again = page.call([layout.global, call], [.record("again")], arm: true).observation
    return again.events("record-read").compactMap { $0["tag"]?.stringValue == "again" ? $0["key"]?.stringValue : nil }
  }

  /// The signal, queue and encoding facts of the first message.
  private func recordSignalFacts(_ sent: Sent) {
    var signal = sent.signal
    if signal.kind == .hostObject, sent.hostCall != nil {
      signal.hostCalls = sending.hostCalls
    }
    if signal.kind.isNavigation, sent.urlPathSeparator == nil, sent.queue == .fetch || sent.queue == .navigation {
      signal.url = Self.trimmedURL(signal.url)
    }
    facts.signals = Observed([signal], sent.evidence)
    let queue: QueueReturn = sent.hostCall != nil ? .perMessage : sent.queue
    facts.queue = Observed(queue, sent.evidence)
    facts.encoding = Observed(sent.hostCall != nil ? .json : sent.encoding, sent.evidence)
    if case .envelope(let envelope, _) = sent.container {
      facts.envelope = Observed(
        envelope,
        "the message travelled in {\(envelope.payloadKey): …} next to \(envelope.constants.keys.sorted().joined(separator: ", "))"
      )
    } else {
      facts.envelope = Observed(nil, "the message travelled without an envelope")
    }
    if let url = sent.returnURL { facts.queueReturnURL = Observed(url, sent.evidence) }
  }

  /// A URL as a profile writes it: without the lone `/` path that a
  /// special scheme's serialization adds.
  static func trimmedURL(_ url: String) -> String {
    let lowered = url.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), url.hasSuffix("/") else { return url }
    let afterScheme = url[url.range(of: "://")!.upperBound...]
    return afterScheme.dropLast().contains("/") ? url : String(url.dropLast())
  }

  static func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}
