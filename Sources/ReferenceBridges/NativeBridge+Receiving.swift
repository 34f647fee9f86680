import Dialects
import JSONModel
import WebViewHosting

/// Page -> native: fetching the page's queue, processing a batch, and each
/// message (responses settle native callbacks, requests run native handlers).
extension NativeBridge {
  func fetchQueue() {
    guard faults.startsFetch() else { return }
    webView.evaluateJavaScript(options.profile.fetchQueueScript) { [weak self] result in
      guard let self else { return }
      self.faults.fetchEnded()
      switch result {
      case .success(let value):
        // A queue returned by navigation comes later, as a URL; a string
        // returned here is taken too (JsBridge 1.x returns it on iOS).
        if self.options.profile.queue == .navigation, value?.stringValue?.isEmpty != false { return }
        self.processFetchResult(value)
      case .failure(let error):
        self.log(.warning, .fetchFailed, "fetching the page queue failed: \(error)")
      }
    }
  }

  /// Processes the completion value of `_fetchQueue()`.
  func processFetchResult(_ value: JSONValue?) {
    if options.profile.encoding == .object, options.profile.queue == .fetch {
      // The fetch call's value is the queue array itself.
      if case .array? = value, let value {
        processQueue(value.serialized())
        return
      }
      if case .string(let text)? = value, !text.isEmpty {
        log(
          .warning, .queueNotArray,
          "the page queue fetch returned text, and in this dialect it returns the queue array itself; dropped: "
            + LogText.quote(text))
        return
      }
    }
    guard case .string(let text)? = value, !text.isEmpty else {
      if faults.mishandles(.emptyFetch(value)) { return }
      let what = value.map { $0.stringValue == nil ? "a \($0.typeName)" : "an empty string" } ?? "undefined"
      log(.warning, .emptyQueue, "the page queue fetch returned \(what)")
      return
    }
    processQueue(options.profile.queueText(fromTransit: text))
  }

  /// Processes one fetched batch (the JSON text of an array of messages).
  /// Never traps: invalid JSON and a non-array are logged and dropped;
  /// entries that are not objects are logged and skipped; the others are
  /// processed in order, each completely before the next.
  func processQueue(_ text: String) {
    let batch: JSONValue
    do {
      batch = try JSONValue.parse(text)
    } catch {
      if faults.mishandles(.malformedQueue(text)) { return }
      log(.warning, .malformedQueue, "the page queue is not valid JSON (\(error)): \(LogText.quote(text))")
      return
    }
    guard case .array(let entries) = batch else {
      if faults.mishandles(.nonArrayQueue(batch)) { return }
      log(.warning, .queueNotArray, "the page queue is a \(batch.typeName), not an array; dropped")
      return
    }
    if !entries.isEmpty {
      log(.debug, .fetched, "\(entries.count) message(s) fetched")
    }
    for (index, entry) in entries.enumerated() {
      // A full trace means the run has stopped (the page passed its limit of
      // trace events): the rest of a huge batch would only be dropped.
      if webView.trace.droppedCount > 0 { break }
      guard case .object(let message) = entry else {
        if faults.mishandles(.nonObjectEntry(entry, index: index)) { continue }
        log(.warning, .nonObjectMessage, "queue entry \(index) is a \(entry.typeName), not an object; skipped")
        guard faults.goesOnAfterBadEntry else { break }
        continue
      }
      receive(options.profile.fromWire(message))
    }
  }

  func receive(_ message: JSONObject) {
    switch faults.classify(message) {
    case .response(let responseID, let responseData):
      if settlesWithoutAnswer(message, responseID: responseID) { return }
      guard faults.deliversResponse(withData: responseData) else { return }
      if let callback = takeCounterCallback(responseID) {
        log(.debug, .received, "response to \(LogText.describe(responseID))")
        return callback(responseData)
      }
      // Only string ids can be ours: every id this side issues is a string.
      guard case .string(let id) = responseID,
        let callback = faults.takeCallback(ExactName(id), from: &pendingCallbacks)
      else {
        if let request = faults.unknownResponseAsRequest(message) {
          return receiveRequest(handlerName: request.handlerName, data: request.data, callbackID: request.callbackID)
        }
        if faults.mishandles(.unknownResponse(responseID)) { return }
        log(.warning, .unknownResponseID, "ignored a response with unknown responseId \(LogText.describe(responseID))")
        return
      }
      log(.debug, .received, "response to \(LogText.quote(id))")
      callback(responseData)

    case .request(let handlerName, let data, let callbackID):
      receiveRequest(
        handlerName: handlerName, data: data, callbackID: callbackID,
        answerFunction: options.profile.answerFunctionField.flatMap { message[$0] })
    }
  }

  /// `answerFunction`: the page function the request named for its answer
  /// (convention `answers` with a function field), carried in the answer.
  private func receiveRequest(
    handlerName: JSONValue?, data: JSONValue?, callbackID: JSONValue?, answerFunction: JSONValue? = nil
  ) {
    log(
      .debug, .received,
      "request \(LogText.describe(handlerName))" + (callbackID.map { " with callbackId \(LogText.describe($0))" } ?? "")
    )
    let callbackID = faults.requestCallbackID(callbackID)
    let responseCallback = faults.responseCallback(
      callbackID.map {
        makeResponseCallback(callbackID: $0, handlerName: handlerName, answerFunction: answerFunction)
      },
      answerWithNullID: { makeResponseCallback(callbackID: .null, handlerName: handlerName) })
    guard case .string(let name)? = handlerName, let handler = handlers[ExactName(name)] else {
      if faults.mishandles(.missingHandler(handlerName)) { return }
      log(.warning, .noHandler, "no native handler for \(LogText.describe(handlerName))")
      if options.answerMissingHandler, faults.answersMissingHandler, let responseCallback {
        responseCallback(BridgeMessageCodec.noHandlerAnswer(handlerName: handlerName))
      } else if let callbackID, options.profile.typedMessages?.error != nil {
        // A typed dialect's own answer to a missing handler.
        send(TypedMessages.noHandlerResponse(id: callbackID, handlerName: handlerName))
      }
      return
    }
    faults.run(handler, data: data, responseCallback: responseCallback)
  }

  /// The callback handed to a native handler: sends the answer once; later
  /// calls are logged as `duplicate-response` and send nothing.
  private func makeResponseCallback(
    callbackID: JSONValue, handlerName: JSONValue?, answerFunction: JSONValue? = nil
  ) -> ResponseCallback {
    var answered = false
    return { [weak self] responseData in
      guard let self else { return }
      if answered && !self.faults.sendsRepeatedAnswers {
        self.log(
          .warning, .duplicateResponse,
          "the handler for \(LogText.describe(handlerName)) answered \(LogText.describe(callbackID)) again; not sent")
        return
      }
      answered = true
      guard var response = self.faults.response(responseID: callbackID, responseData: responseData) else { return }
      if let answerFunction, let field = self.options.profile.answerFunctionField { response[field] = answerFunction }
      self.send(response)
    }
  }
}
