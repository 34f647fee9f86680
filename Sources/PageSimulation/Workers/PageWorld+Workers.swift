import JSONModel
import JSRuntime
import WebViewHosting

/// The page's side of its dedicated workers and blob URLs, and the notes on
/// APIs the page touched that the simulated page lacks.
extension PageWorld {
  /// Resolves and loads worker scripts for this page.
  var scriptRequest: WorkerScriptRequest { WorkerScriptRequest(page: parsedURL, blobs: blobs) }

  /// `new Worker(url, {name, type})`: the new worker's id. Throws what WebKit
  /// throws at once (a URL that does not parse, one of another origin);
  /// past ``PageLimits/maxWorkers`` the page has passed a limit. A module
  /// worker, or a script from a file, cannot be run by the simulated page:
  /// the page has passed the `unavailable-feature` limit, and the scenario is
  /// an error that says so.
  func createWorker(url text: String, name: String, type: String) throws -> Int {
    let limit = webView.configuration.limits.maxWorkers
    guard workersMade < limit else {
      webView.passLimit("workers", "the page started more than \(limit) workers (a worker flood?)")
      throw NativeFunctionError("bridgecheck: more than \(limit) workers", name: "RangeError")
    }
    let (url, load) = try scriptRequest.worker(text)
    workersMade += 1
    let id = workersMade
    var script: String?
    if type == "module" {
      webView.passLimit(
        "unavailable-feature",
        "the page started a module worker (new Worker(url, {type: 'module'})), which the simulated page cannot run; "
          + "judge this bridge in WebKit: bridgecheck run --engine webkitgtk")
    } else if case .script(let text) = load {
      script = text
    } else if case .fileNotServed(let file) = load {
      fileNotServed(file, by: "new Worker")
    }
    workers[id] = PageWorker(id: id, url: url, name: name, script: script, world: self)
    return id
  }

  /// A page or worker script asked for a file: the simulated page serves none.
  func fileNotServed(_ url: String, by what: String) {
    webView.passLimit(
      "unavailable-feature",
      "\(what) asked for the script \(url), a file: bridgecheck's pages serve no files, so a worker's scripts must "
        + "come from blob: URLs (URL.createObjectURL(new Blob([source]))) or data: URLs; a bridge that loads its "
        + "worker from a file of the app cannot be judged here")
  }

  /// A structured clone's text, leaving the engine (bounded like every value that does).
  func serializedMessage(_ value: ScriptValue) throws -> String {
    let limit = context.configuration.maxStringLength
    guard let (text, omitted) = value.stringValue(maxLength: limit) else {
      throw NativeFunctionError("The object can not be cloned.", name: "DataCloneError")
    }
    guard omitted == 0 else {
      let message =
        "a message to or from a worker is over the limit of \(ByteCount(limit * 2)) for a value leaving the engine"
      webView.passLimit("value-size", message)
      throw NativeFunctionError("bridgecheck: \(message)", name: "RangeError")
    }
    return text
  }

  /// Throws (and passes the limit) when a message queue already holds as
  /// many messages as the page may have tasks pending, or the scheduler is full.
  func checkRoomForMessage(queued: Int) throws {
    let limit = webView.configuration.limits.maxPendingTasks
    guard queued < limit, webView.scheduler.pendingCount < limit else {
      webView.passLimit(
        "pending-tasks",
        "the page had more than \(limit) tasks pending, messages to or from a worker among them (a message flood?)")
      throw NativeFunctionError("bridgecheck: too many messages pending", name: "RangeError")
    }
  }

  /// A message from worker `id` reaches its worker object in the page.
  func workerMessage(id: Int, text: String) {
    guard let internals else { return }
    runGuarded(task: "message from worker \(id)") { () throws(ScriptError) in
      _ = try internals.workerMessage.call([context.number(Double(id)), context.string(text)])
    }
  }

  /// An exception worker `id` left unhandled: an `ErrorEvent` at its worker
  /// object, and unless a handler cancels it, the page reports it as its own
  /// (`window.onerror`, `error` listeners), as WebKit does. Only then is it
  /// an uncaught exception of the page in the trace.
  func workerFailed(id: Int, _ failure: WorkerFailure) {
    guard let internals else { return }
    runGuarded(task: "error from worker \(id)") { () throws(ScriptError) in
      let arguments = [
        context.number(Double(id)), context.string(failure.message), context.string(failure.source),
        context.number(Double(failure.line)), context.number(Double(failure.column)),
      ]
      guard try internals.workerFailed.call(arguments).boolValue == true else { return }
      var fields: JSONObject = [
        "kind": .string(ScriptError.Kind.exception.rawValue),
        "message": .string(failure.name.map { String(failure.message.dropFirst($0.count + 2)) } ?? failure.message),
        "source": .string(failure.source), "line": .number(Double(failure.line)),
        "column": .number(Double(failure.column)), "task": .string(failure.task), "worker": .number(Double(id)),
      ]
      if let name = failure.name { fields["name"] = .string(name) }
      if webView.limitViolation == nil { webView.trace.record(.page, TraceEventName.uncaughtException, fields) }
      _ = try internals.reportError.call([
        context.null, context.string(failure.message), context.string(failure.source),
        context.number(Double(failure.line)), context.number(Double(failure.column)),
      ])
    }
  }

  /// Worker `id`'s script could not be loaded: a plain `error` event at its worker object.
  func workerNotLoaded(id: Int) {
    guard let internals else { return }
    runGuarded(task: "error from worker \(id)") { () throws(ScriptError) in
      _ = try internals.workerNotLoaded.call([context.number(Double(id))])
    }
  }

  /// `URL.createObjectURL(blob)`: the blob's bytes (a string of byte values) registered under a new URL.
  func createObjectURL(bytes value: ScriptValue, type: String) throws -> String {
    let limit = context.configuration.maxStringLength
    guard let (text, omitted) = value.stringValue(maxLength: limit), omitted == 0 else {
      let message =
        "a Blob given to URL.createObjectURL is over the limit of \(ByteCount(limit * 2)) for a value leaving the engine"
      webView.passLimit("value-size", message)
      throw NativeFunctionError("bridgecheck: \(message)", name: "RangeError")
    }
    let bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    return blobs.register(.init(bytes: bytes, type: type), origin: parsedURL?.origin ?? "null", random: &blobRandom)
  }

  /// Notes that page code (or worker `worker`'s) touched `api`, which WebKit
  /// has and the simulated page lacks: a `page-api-missing` event, once per
  /// API and page. The run reports them at the top, with the engine that has them.
  func noteMissing(_ api: String, worker: Int?) {
    guard missingNoted.insert(api).inserted, webView.limitViolation == nil else { return }
    var fields: JSONObject = ["api": .string(api)]
    if let worker { fields["worker"] = .number(Double(worker)) }
    webView.trace.record(.page, TraceEventName.pageAPIMissing, fields)
  }
}
