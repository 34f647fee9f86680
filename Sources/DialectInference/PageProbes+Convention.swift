import Dialects
import JSONModel

extension PageProbes {
  /// A call of the page with a callback, in the shape the page API takes
  /// (name, data, callback; params holding the callback; a record).
  func askWithCallback(_ page: ProbePage, tag: String) -> Sent? {
    guard let call = sending.callFunction else { return nil }
    var arguments: [ProbeArgument]
    if sending.shape == .record, let fields = sending.splitFields, let dataKey = sending.dataKey {
      var members = fields.map { ($0, ProbeArgument.value(.string("bcMod"))) }
      members[members.count - 1].1 = .value(.string(ProbeNames.ask))
      members.append((dataKey, .value(ProbeNames.pageData)))
      arguments = [.object(members), .callback(tag)]
    } else if let key = sending.callbackKey {
      arguments = [
        .value(.string(ProbeNames.ask)), .object([("bcProbe", .value("page-data")), (key, .callback(tag))]),
      ]
    } else {
      arguments = [.value(.string(ProbeNames.ask)), .value(ProbeNames.pageData), .callback(tag)]
    }
    return send(page, [layout.global, call], arguments, marker: .handlerName(ProbeNames.ask)).sent
  }

  /// Answers as function calls (a convention's `answers`): the function
  /// that, called with a page call's id and a value, hands the value to
  /// that call's callback.
  func probeConventionAnswers() {
    guard receiving.handle == nil, let call = sending.callFunction else { return }
    var paths: [[String]] = []
    if let value = sending.answerFunctionValue { paths.append(Self.components(value)) }
    paths += layout.functions.filter { $0 != call }.map { [layout.global, $0] }
    paths += layout.globalFunctions.map { [$0] }
    var seen: Set<[String]> = []
    for path in paths where seen.insert(path).inserted {
      guard mayMakePage else { return }
      let (page, _) = loadedPage()
      guard let id = sentID(askWithCallback(page, tag: "ask")) else {
        facts.leaveUndecided("convention.answers", "no call of \(call) with a callback sent an id to answer")
        return
      }
      let (_, observation) = page.call(path, [.value(id), .value(ProbeNames.nativeAnswer)], arm: true)
      guard observation.callbacks("ask").first?.args.first?.json == ProbeNames.nativeAnswer else { continue }
      let written = sending.answerFunctionValue.flatMap { Self.components($0) == path ? $0 : nil }
      let function = written ?? path.joined(separator: ".")
      receiving.answers = .functionCall(function: function, field: written != nil ? sending.answerFunctionField : nil)
      facts.handleMessage = Observed(
        path.last ?? "", "\(function)(id, value) handed the value to the callback of the page call with that id")
      return
    }
    facts.leaveUndecided("convention.answers", "no function of the bridge handed an answer to a page call's callback")
  }

  /// Native calls as function calls (a convention's `nativeCalls`): a
  /// function that, called with a handler name and data, runs the page
  /// handler registered under that name (its return value the answer).
  func probeNativeCalls(registers: [String]) {
    guard receiving.handle == nil else { return }
    let answer = receiving.answers.flatMap { answers -> String? in
      if case .functionCall(let function, _) = answers { return Self.components(function).last }
      return nil
    }
    var registerPaths = registers.map { [layout.global, $0] }
    registerPaths += layout.globalFunctions.filter { $0.lowercased().contains("regist") }.map { [$0] }
    var callables = layout.globalFunctions.filter { !$0.lowercased().contains("regist") }.map { [$0] }
    callables += layout.functions.filter { $0 != sending.callFunction && $0 != answer && !registers.contains($0) }
      .map { [layout.global, $0] }
    for register in registerPaths.prefix(3) {
      for callable in callables where callable != register {
        guard mayMakePage else { return }
        let (page, _) = loadedPage()
        let registered = page.call(
          register, [.value(.string(ProbeNames.deliver)), .handler("native", answer: ProbeNames.pageAnswer)])
        guard !CallResult(registered.value).missing else { continue }
        for form in [DeliveryArgument.jsonString, .object] {
          let data = Self.nativeData(form)
          let argument: ProbeArgument = form == .jsonString ? .value(.string(data.serialized())) : .value(data)
          let (value, observation) = page.call(callable, [.value(.string(ProbeNames.deliver)), argument], arm: true)
          guard let handled = observation.handlers("native").first, Self.form(of: handled.data) == form else {
            continue
          }
          let function = callable.count == 1 ? "window." + callable[0] : callable.joined(separator: ".")
          receiving.nativeCalls = .functionCall(function: function)
          let returned = CallResult(value).returned.json == ProbeNames.pageAnswer
          facts.registerHandler = Observed(
            register.last ?? "",
            "a handler registered with \(register.joined(separator: "."))(name, fn) was called by \(function)(name, data)"
          )
          facts.deliveries = Observed(
            [form],
            "\(function)(name, data) reached the handler with the data as \(form == .jsonString ? "a JSON string" : "an object")"
          )
          if !returned {
            facts.leaveUndecided(
              "convention.pageRegister", "\(function)(name, data) did not return the handler's answer")
          }
          return
        }
      }
    }
    receiving.nativeCalls = NativeCallDelivery.none
  }

  /// The calling convention, from what the sending and receiving probes found.
  func recordConvention() {
    var convention = CallingConvention()
    var words: [String] = []
    if sending.shape == .record {
      convention.pageCall = .record
      words.append("\(sending.callFunction ?? "")(record, callback) posts the record")
    } else if let evidence = receiving.promiseCallEvidence {
      convention.pageCall = .promise
      words.append(evidence)
    } else if let key = sending.callbackKey {
      convention.pageCall = .paramsCallback
      convention.callbackKey = key
      words.append("\(sending.callFunction ?? "")(name, params) takes the callback in params.\(key)")
    }
    if let separator = sending.main?.urlPathSeparator {
      convention.handlerName = .urlPath(separator: separator)
      words.append("the handler name travels in the URL, followed by \(separator)")
    } else if let fields = sending.splitFields {
      convention.handlerName = .split(fields: fields, separator: ".")
      words.append("the handler name is split into \(fields.joined(separator: ", "))")
    }
    if sending.callbackInData {
      convention.callbackId = .data
      words.append("the callback id travels in the data")
    }
    if receiving.handle != nil, let evidence = receiving.awaitedEvidence {
      convention.pageRegister = .awaited
      words.append(evidence)
    }
    if let answers = receiving.answers {
      convention.answers = answers
      if case .functionCall(let function, let field) = answers {
        words.append(
          "answers are calls of \(function)(id, value)" + (field.map { ", named by each request's \($0)" } ?? ""))
      }
    }
    // A bridge that registers handlers but in which no native message
    // reached one is broken on delivery (it throws, it recurses), not a
    // dialect without native calls: concluding "none" would skip every
    // scenario that delivers, and turn its failures into skips.
    let registers = (layout.functions + layout.globalFunctions).contains { $0.lowercased().contains("regist") }
    if receiving.handle == nil, (receiving.nativeCalls ?? NativeCallDelivery.none) == NativeCallDelivery.none, registers
    {
      facts.leaveUndecided(
        "convention.nativeCalls",
        "the bridge registers handlers, but no native message reached one (its receiving function throws or is missing)"
      )
    } else if receiving.handle == nil {
      convention.nativeCalls = receiving.nativeCalls ?? .none
      switch convention.nativeCalls {
      case .functionCall(let function):
        convention.pageRegister = .returning
        words.append("the native side calls \(function)(name, data), answered by its value")
      case .none:
        convention.pageRegister = .none
        words.append("no function of the page runs a handler for the native side")
      case .message:
        break
      }
    }
    let evidence =
      words.isEmpty
      ? "calls take (name, data, callback), messages carry the handler name, answers and native calls are messages"
      : words.joined(separator: "; ")
    facts.convention = Observed(convention, evidence)
  }

  /// A dotted path as its components, without a leading `window`.
  static func components(_ path: String) -> [String] {
    let parts = path.split(separator: ".").map(String.init)
    return parts.first == "window" && parts.count > 1 ? Array(parts.dropFirst()) : parts
  }
}
