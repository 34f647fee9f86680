import Dialects
import JSONModel

/// What the native-to-page probes found.
struct ReceivingFindings {
  var register: String?
  var handle: String?
  var form: DeliveryArgument?
  /// The handshake function that released held messages, if one did.
  var initFunction: String?
  /// The page's answer to a delivered request, as it left.
  var answer: JSONObject?
  var responseIdKey: String?
  var responseDataKey: String?
  /// Answers as function calls, native calls as function calls (conventions).
  var answers: AnswerDelivery?
  var nativeCalls: NativeCallDelivery?
  /// Host-object calls: how the answer method and returned answers showed.
  var answerMethodEvidence: String?
  var returnEvidence: String?
  /// A page call that returns a Promise of the answer (no callback): how it showed.
  var promiseCallEvidence: String?
  /// A page handler whose return value is its answer (no respond function): how it showed.
  var awaitedEvidence: String?
}

extension PageProbes {
  /// The page's data of a delivered request, marked with the form it was
  /// sent in. Its lone `%` makes the forms exclusive: a bridge that undoes
  /// URI encoding fails on JSON text that is not encoded, and one that reads
  /// JSON text does not get it through `decodeURIComponent`.
  static func nativeData(_ form: DeliveryArgument) -> JSONValue {
    ["bcProbe": "native-data", "n": 2, "form": .string(form.rawValue), "text": "100% sure"]
  }

  /// The id of the delivered request (a counter's far from where the page counts).
  func deliveredID(_ sequence: Int) -> JSONValue {
    if let typed = sending.typed, typed.ids == .counter { return .number(Double(100 + sequence)) }
    return .string(ProbeNames.nativeCallbackID + (sequence == 0 ? "" : "-\(sequence)"))
  }

  /// A request for `handler` in the dialect's members, with `id` when given.
  func request(_ handler: String, data: JSONValue, id: JSONValue?) -> JSONObject {
    var message = JSONObject()
    if let typed = sending.typed {
      message[typed.idField] = id ?? (typed.ids == .counter ? .number(0) : .string("bcProbe-native-0"))
      message[typed.typeField] = .string(typed.request)
    }
    message[sending.nameKey ?? "handlerName"] = .string(handler)
    message[sending.dataKey ?? "data"] = data
    if sending.typed == nil, let id { message[sending.idKey ?? "callbackId"] = id }
    return message
  }

  /// The argument that delivers `message` in `form`.
  static func argument(_ message: JSONObject, _ form: DeliveryArgument) -> ProbeArgument {
    let text = JSONValue.object(message).serialized()
    switch form {
    case .jsonString: return .value(.string(text))
    case .object: return .value(.object(message))
    case .uriJSONString: return .value(.string(WirePayload.percentEncoded(text)))
    }
  }

  /// Finds how native messages reach the page (the entry point, the form,
  /// held messages and the handshake that releases them, the dispatch), how
  /// the page answers one, and how answers to its own calls reach it.
  func probeReceiving() {
    let call = sending.callFunction ?? ""
    let excluded: Set<String> = [call, sending.fetchFunction ?? ""]
    let registers = Array(
      layout.ordered(["=registerHandler", "register", "handler", "listen", "subscribe", "on"], excluding: excluded)
        .prefix(3))
    let handles = layout.ordered(
      [
        "=_handleMessageFromObjC", "handlemessage", "handle", "dispatch", "message", "receive", "fromnative",
        "nativecall", "native", "call",
      ],
      excluding: excluded)
    let inits = layout.ordered(["=init", "init", "start", "ready", "connect"], excluding: excluded)
    if sending.shape == .wvjb, sending.main?.urlPathSeparator == nil {
      for register in registers {
        for handle in handles where handle != register {
          guard mayMakePage else { break }
          if tryDelivery(register: register, handle: handle, inits: inits.filter { $0 != register && $0 != handle }) {
            recordConvention()
            return
          }
        }
      }
    }
    probeConventionAnswers()
    probeNativeCalls(registers: registers)
    recordConvention()
  }

  /// Delivers a request through `handle` in each form to a handler
  /// registered through `register`; true when one reached it.
  private func tryDelivery(register: String, handle: String, inits: [String]) -> Bool {
    let (page, _) = loadedPage()
    let registered = page.call(
      [layout.global, register],
      [.value(.string(ProbeNames.deliver)), .handler("deliver", answer: ProbeNames.pageAnswer)])
    guard !CallResult(registered.value).missing else { return false }
    var seen = ProbePage.Observation()
    var hit: (form: DeliveryArgument, sync: Bool)?
    for form in DeliveryArgument.allCases {
      let message = request(ProbeNames.deliver, data: Self.nativeData(form), id: deliveredID(0))
      let (_, observation) = page.call([layout.global, handle], [Self.argument(message, form)], arm: true)
      seen.append(observation)
      if let first = observation.handlers("deliver").first, let form = Self.exactForm(first.data) {
        hit = (form, first.sync)
        break
      }
    }
    // The other forms the bridge takes as well (a choice the profile makes).
    var forms = hit.map { [$0.form] } ?? []
    if let first = hit?.form {
      for form in DeliveryArgument.allCases where form != first {
        let message = request(ProbeNames.deliver, data: Self.nativeData(form), id: deliveredID(3))
        let (_, observation) = page.call([layout.global, handle], [Self.argument(message, form)], arm: true)
        if observation.handlers("deliver").contains(where: { Self.exactForm($0.data) == form }) { forms.append(form) }
      }
    }
    var held: String?
    var releasedAgain = false
    if hit == nil {
      for initFunction in inits {
        let (_, observation) = page.call([layout.global, initFunction], [.callback("default")], arm: true)
        seen.append(observation)
        if let form = observation.handlers("deliver").lazy.compactMap({ Self.exactForm($0.data) }).first {
          hit = (form, false)
          held = initFunction
          break
        }
      }
    } else if let initFunction = inits.first(where: { $0.lowercased().contains("init") }) {
      // A bridge that holds messages for its handshake and (wrongly) also
      // dispatches them at once dispatches them again from it.
      let (_, observation) = page.call([layout.global, initFunction], [.callback("default")], arm: true)
      seen.append(observation)
      if !observation.handlers("deliver").isEmpty {
        held = initFunction
        releasedAgain = true
      }
    }
    guard let hit else { return false }
    receiving.register = register
    receiving.handle = handle
    receiving.form = hit.form
    receiving.initFunction = held
    let formText: String
    switch hit.form {
    case .jsonString: formText = "a JSON string"
    case .object: formText = "an object"
    case .uriJSONString: formText = "a URI-encoded JSON string"
    }
    facts.registerHandler = Observed(
      register, "a handler registered with \(layout.global).\(register)(name, fn) got the delivered request's data")
    facts.handleMessage = Observed(
      handle, "\(layout.global).\(handle)(…) with the request as \(formText) reached the handler")
    let others = forms.dropFirst().map(\.rawValue)
    facts.deliveries = Observed(
      forms,
      "the handler got the request delivered as \(formText)"
        + (others.isEmpty ? ", and in no other form" : ", and also as \(others.joined(separator: ", "))"))
    if let held {
      facts.handshake = Observed(
        .initCall,
        releasedAgain
          ? "\(layout.global).\(held)(fn) dispatched a request delivered before it again (it keeps them for its handshake)"
          : "a request delivered before \(layout.global).\(held)(fn) reached its handler only when \(held) was called")
      facts.initFunction = Observed(held, "the handshake method: it released the held request")
    } else {
      facts.handshake = Observed(.none, "a delivered request reached its handler without any handshake call")
    }
    // Dispatch: inside the delivering call, or later. Held messages are
    // released by the handshake; a second one shows how it dispatches then.
    var sync = hit.sync
    if held != nil {
      let message = request(ProbeNames.deliver, data: Self.nativeData(hit.form), id: deliveredID(1))
      let (_, observation) = page.call([layout.global, handle], [Self.argument(message, hit.form)], arm: true)
      seen.append(observation)
      sync = observation.handlers("deliver").first?.sync ?? false
    }
    facts.dispatch = Observed(
      sync ? .synchronous : .deferred,
      sync
        ? "the handler ran inside the \(handle)(…) call that delivered the request"
        : "the handler ran after the \(handle)(…) call had returned (from a timer)")
    readAnswer(page, seen)
    probeAnswers(page)
    if sending.typed != nil { probeMissingHandler(page) }
    return true
  }

  static func form(of data: Described) -> DeliveryArgument? {
    guard let form = data.json?["form"]?.stringValue else { return nil }
    return DeliveryArgument(rawValue: form)
  }

  /// The form of a delivered request whose data arrived exactly as sent.
  static func exactForm(_ data: Described) -> DeliveryArgument? {
    guard let form = form(of: data), data.json == nativeData(form) else { return nil }
    return form
  }

  /// The page's answer to the delivered request: its members, or the host
  /// method it called.
  private func readAnswer(_ page: ProbePage, _ seen: ProbePage.Observation) {
    let id = deliveredID(0)
    if sending.hostCalls != nil {
      for outgoing in outgoing(seen) {
        guard case .hostCall(let method, let args) = outgoing.payload, args.dropFirst().first?.json == id else {
          continue
        }
        sending.hostCalls?.answerMethod = method
        receiving.answerMethodEvidence =
          "the page answered the delivered request with \(outgoing.signal.name).\(method)(dataJSON, id)"
        return
      }
      facts.leaveUndecided(
        "signals[0].answerMethod", "the page's answer to a delivered request called no host method with its id")
      return
    }
    let marker = MessageMarker.value(id, excluding: sending.typed.map { .string($0.request) })
    guard let answer = findSent(page, seen, marker: marker) else {
      facts.leaveUndecided(
        sending.typed == nil ? "fields.responseId" : "typedMessages.response",
        "the page's answer to a delivered request was not seen leaving the page")
      return
    }
    receiving.answer = answer
    if let handled = seen.handlers("deliver").first, !handled.canRespond, answer.values.contains(ProbeNames.pageAnswer)
    {
      receiving.awaitedEvidence =
        "a handler given no respond function answered a delivered request with its return value"
    }
    if let typed = sending.typed {
      if let type = answer[typed.typeField]?.stringValue, type != typed.request {
        sending.typed?.response = type
        facts.typedMessages = Observed(
          sending.typed,
          (facts.typedMessages?.evidence ?? "") + "; the page's answer echoed the id with \(typed.typeField): \(type)")
      }
      return
    }
    if let key = answer.first(where: { $0.value == id })?.key {
      receiving.responseIdKey = key
      facts.fields["responseId"] = Observed(
        key, "the page's answer \(Self.short(JSONValue.object(answer).serialized())) carries the request's id in \(key)"
      )
    }
    if let key = answer.first(where: { $0.value == ProbeNames.pageAnswer })?.key {
      receiving.responseDataKey = key
      facts.fields["responseData"] = Observed(key, "the page's answer carries the handler's answer in \(key)")
    }
  }

  /// A message matching `marker` in what left the page (its payloads, or a fetch).
  func findSent(_ page: ProbePage, _ seen: ProbePage.Observation, marker: MessageMarker) -> JSONObject? {
    for outgoing in outgoing(seen) {
      switch outgoing.payload {
      case .text(let text):
        if let (value, _) = WirePayload.decode(text),
          let (message, _) = WirePayload.findMessage(in: value, where: marker.matches)
        {
          return message
        }
      case .value(let value):
        if let (message, _) = WirePayload.findMessage(in: value, where: marker.matches) { return message }
      case .url(let url):
        if let (_, tail) = Self.splitPayload(url), let (value, _) = WirePayload.decode(tail),
          let (message, _) = WirePayload.findMessage(in: value, where: marker.matches)
        {
          return message
        }
      default:
        continue
      }
    }
    guard let fetch = sending.fetchFunction else { return nil }
    let (value, observation) = page.call([layout.global, fetch], [], arm: true)
    if case .value(let returned) = CallResult(value).returned {
      let decoded = returned.stringValue.flatMap { WirePayload.decode($0)?.value } ?? returned
      if let (message, _) = WirePayload.findMessage(in: decoded, where: marker.matches) { return message }
    }
    for outgoing in outgoing(observation) {
      guard case .url(let url) = outgoing.payload, let (_, tail) = Self.splitPayload(url),
        let (value, _) = WirePayload.decode(tail),
        let (message, _) = WirePayload.findMessage(in: value, where: marker.matches)
      else { continue }
      return message
    }
    return nil
  }

  /// The id a call of the page sent, and the answer's arrival at its callback.
  private func probeAnswers(_ page: ProbePage) {
    guard let call = sending.callFunction, let handle = receiving.handle, let form = receiving.form else { return }
    // An answer to a page call with a callback.
    let asked = send(
      page, [layout.global, call], [.value(.string(ProbeNames.ask)), .value(ProbeNames.pageData), .callback("ask")],
      marker: .handlerName(ProbeNames.ask))
    if let id = sentID(asked.sent) {
      let (_, observation) = page.call(
        [layout.global, handle], [Self.argument(response(id: id, data: ProbeNames.nativeAnswer), form)], arm: true)
      if let callback = observation.callbacks("ask").first {
        let value = callback.args.first?.json
        if value == ProbeNames.nativeAnswer {
          facts.callbackData = Observed(.value, "the callback of a page call got the native answer as a value")
        } else if let text = value?.stringValue, (try? JSONValue.parse(text)) == ProbeNames.nativeAnswer {
          facts.callbackData = Observed(
            .jsonText, "the callback of a page call got the native answer's JSON text: \(Self.short(text))")
        }
      } else if !probePromiseCall(page, call: call, handle: handle, form: form) {
        facts.leaveUndecided("callbackData", "an answer delivered with the call's id did not reach its callback")
      }
    }
    // Typed messages always carry an id: the two-argument form shows in whether the answer reaches fn.
    if sending.typed != nil {
      let two = send(
        page, [layout.global, call], [.value(.string(ProbeNames.twoArguments)), .callback("two")],
        marker: .handlerName(ProbeNames.twoArguments))
      if let id = sentID(two.sent) {
        let (_, observation) = page.call(
          [layout.global, handle], [Self.argument(response(id: id, data: ProbeNames.nativeAnswer), form)], arm: true)
        let called = !observation.callbacks("two").isEmpty
        facts.twoArgumentCall = Observed(
          called,
          "the answer to \(call)('\(ProbeNames.twoArguments)', fn) "
            + (called ? "reached fn: it is the callback" : "did not reach fn: it is data"))
      }
    }
    // A host method whose string value is the answer at once.
    if var calls = sending.hostCalls {
      page.setReturn(ProbeNames.returning, .string(JSONValue.object(["bcProbe": "returned"]).serialized()))
      let (_, observation) = page.call(
        [layout.global, call],
        [.value(.string(ProbeNames.returning)), .value(ProbeNames.pageData), .callback("returned")], arm: true)
      let text = JSONValue.object(["bcProbe": "returned"]).serialized()
      calls.returnAnswers = observation.callbacks("returned").contains { callback in
        callback.sync
          && (callback.args.first?.json == ["bcProbe": "returned"] || callback.args.first?.json == .string(text))
      }
      sending.hostCalls = calls
      receiving.returnEvidence =
        calls.returnAnswers
        ? "a string that the host method returned reached the callback at once"
        : "a string that the host method returned did not reach the callback"
    }
  }

  /// A page API of Promises: `call(name, data)` with no callback returns a
  /// Promise that settles with the native answer delivered for its id.
  private func probePromiseCall(_ page: ProbePage, call: String, handle: String, form: DeliveryArgument) -> Bool {
    let asked = send(
      page, [layout.global, call], [.value(.string(ProbeNames.ask)), .value(ProbeNames.pageData)],
      marker: .handlerName(ProbeNames.ask), settleTag: "promise")
    guard asked.result.returned == .promise, let id = sentID(asked.sent) else { return false }
    let (_, observation) = page.call(
      [layout.global, handle], [Self.argument(response(id: id, data: ProbeNames.nativeAnswer), form)], arm: true)
    guard observation.callbacks("promise").first?.args.first?.json == ProbeNames.nativeAnswer else { return false }
    let evidence =
      "\(call)(name, data) returned a Promise that settled with the native answer delivered for its id; "
      + "an answer to a call with a callback did not reach the callback"
    receiving.promiseCallEvidence = evidence
    facts.callbackData = Observed(.value, "the Promise of a page call settled with the native answer as a value")
    return true
  }

  /// The id a probe call's message carried (a member, or a host call's second argument).
  func sentID(_ sent: Sent?) -> JSONValue? {
    guard let sent else { return nil }
    if let (_, args) = sent.hostCall { return args.dropFirst().first?.json }
    if sending.callbackInData, let key = sending.idKey { return sent.data?.json?[key] }
    guard let key = sending.idKey else { return nil }
    return sent.message?[key]
  }

  /// An answer to the page's request `id`, in the dialect's members.
  func response(id: JSONValue, data: JSONValue) -> JSONObject {
    var message = JSONObject()
    if let typed = sending.typed {
      message[typed.idField] = id
      message[typed.typeField] = .string(typed.response)
      message[sending.dataKey ?? "data"] = data
      return message
    }
    message[receiving.responseIdKey ?? "responseId"] = id
    message[receiving.responseDataKey ?? "responseData"] = data
    return message
  }

  /// Typed messages: the type of the page's answer to a request for a handler it lacks.
  private func probeMissingHandler(_ page: ProbePage) {
    guard let typed = sending.typed, let handle = receiving.handle, let form = receiving.form else { return }
    let id = deliveredID(7)
    let message = request(ProbeNames.missing, data: Self.nativeData(form), id: id)
    let (_, observation) = page.call([layout.global, handle], [Self.argument(message, form)], arm: true)
    if let answer = findSent(page, observation, marker: .value(id, excluding: .string(typed.request))),
      let type = answer[typed.typeField]?.stringValue, type != typed.request, type != typed.response
    {
      sending.typed?.error = type
      facts.typedMessages = Observed(
        sending.typed,
        (facts.typedMessages?.evidence ?? "")
          + "; a request for a handler it lacks was answered with \(typed.typeField): \(type)")
    } else {
      facts.typedMessages = Observed(
        sending.typed, (facts.typedMessages?.evidence ?? "") + "; a request for a handler it lacks got no error answer")
    }
  }
}
