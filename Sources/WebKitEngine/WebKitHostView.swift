#if WebKitGTK
  import CWebKitGTK
  import Foundation
  import JSONModel
  import JSRuntime

  /// What the engine reported, queued in arrival order until the host runs
  /// it as a host task (see ``WebKitHostView``).
  enum EngineEvent {
    /// A navigation request; the decision is kept (referenced) until answered.
    case navigation(decision: UnsafeMutablePointer<WebKitPolicyDecision>, url: String)
    /// A body posted to a script message handler (`nil` for `undefined`,
    /// and for a body with no JSON form: `unreadable`, a body that contains
    /// itself, which WebKit's structured clone copies).
    case message(name: String, body: JSONValue?, unreadable: Bool)
    /// A synchronous call of the host channel (a request to
    /// ``HostChannelScript/scheme``, kept referenced): the page waits until it is answered.
    case hostCall(request: UnsafeMutablePointer<WebKitURISchemeRequest>, name: String, arguments: [JSONValue?])
    /// One of the page's own `alert`, `confirm` or `prompt`: the page waits.
    case dialog(dialog: OpaquePointer, kind: String, message: String, defaultText: String?)
    /// An evaluation finished (its JSON text, or the engine's error message).
    case evaluated(id: Int, result: Result<String?, WebKitError>)
    /// The page being loaded was committed: its document exists (document-start scripts ran or run next).
    case loadCommitted
    /// The page finished loading.
    case loadFinished
    /// The page's web process ended (crashed, passed WebKit's memory limit,
    /// or was ended on purpose); `reason` says which, in words.
    case webProcessEnded(reason: String)
    /// The page passed a limit of the host (a value too large to leave it).
    case limitPassed(limit: String, message: String)
  }

  /// The GObject side of a WebKit host: one `WebKitWebView` in an offscreen
  /// window on the engine thread. Its signal handlers only queue
  /// ``EngineEvent``s (a navigation decision and a dialog are kept open);
  /// the host takes them out with ``takeEvents()``. Only on the engine thread.
  final class WebKitHostView {
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var view: UnsafeMutablePointer<WebKitWebView>?
    private let manager: UnsafeMutablePointer<WebKitUserContentManager>?
    private var events: [EngineEvent] = []
    /// Each script message handler's box and signal handler id.
    private var handlerBoxes: [String: (box: UnsafeMutableRawPointer, signal: gulong)] = [:]
    /// Bumped when the view is recycled: completions of evaluations started
    /// before are ignored.
    private var epoch = 0
    /// Views recycled and ready for the next scenario (engine thread only):
    /// a new view costs a web process and its first load, about a quarter
    /// of a second here.
    nonisolated(unsafe) private static var idle: [WebKitHostView] = []
    /// Whether views are recycled: not when `BRIDGECHECK_WEBKIT_RECYCLE=0`
    /// (`scripts/webkit-benchmark.sh` measures a fresh view's cost with it).
    static let recycles = ProcessInfo.processInfo.environment["BRIDGECHECK_WEBKIT_RECYCLE"] != "0"
    /// Each live view by its web view, for the requests of the host channel.
    nonisolated(unsafe) private static var byWebView: [UnsafeMutableRawPointer: WeakHostView] = [:]

    /// The web context of every host view: ephemeral, so that nothing a page
    /// stores (local storage, cookies, caches) reaches the disk or another
    /// run, and cleared between two scenarios of a recycled view.
    nonisolated(unsafe) private static var context: UnsafeMutablePointer<WebKitWebContext>?

    /// Creates the ephemeral web context and registers the host channel's
    /// URI scheme on it (engine thread, once, before the first view).
    static func registerHostChannelScheme() {
      // WebKit measures its web processes against the limit every quarter of a second.
      let limit = EngineThread.webProcessMemoryLimit.map { guint(max(1, $0 >> 20)) } ?? 0
      let context = bridgecheck_ephemeral_context_new(limit, 0.25)
      Self.context = context
      let received: @convention(c) (UnsafeMutablePointer<WebKitURISchemeRequest>?, UnsafeMutableRawPointer?) -> Void = {
        request, _ in
        guard let request else { return }
        WebKitHostView.received(request)
      }
      webkit_web_context_register_uri_scheme(context, HostChannelScript.scheme, received, nil, nil)
      let security = webkit_web_context_get_security_manager(context)
      webkit_security_manager_register_uri_scheme_as_cors_enabled(security, HostChannelScript.scheme)
      webkit_security_manager_register_uri_scheme_as_secure(security, HostChannelScript.scheme)
    }

    /// Queues a host channel request on its view's queue (answered with an
    /// error when it has none, or when the request is not a call).
    private static func received(_ request: UnsafeMutablePointer<WebKitURISchemeRequest>) {
      let webView = webkit_uri_scheme_request_get_web_view(request).map { UnsafeMutableRawPointer($0) }
      let body = bridgecheck_scheme_request_body(request).map { text in
        defer { g_free(text) }
        return String(cString: text)
      }
      guard let webView, let view = byWebView[webView]?.view, let body, let call = HostChannelScript.decodedCall(body)
      else {
        bridgecheck_scheme_request_answer(request, HostChannelScript.reply(.failure(WebKitError("no host call"))))
        return
      }
      _ = g_object_ref(request)
      view.events.append(.hostCall(request: request, name: call.name, arguments: call.arguments))
    }
    /// The URL of the page being loaded: its own navigation is allowed, not queued.
    private var ownLoadURL: String?
    private var nextEvaluation = 0
    /// Evaluations issued and not finished yet.
    private(set) var outstandingEvaluations = 0

    /// A web view for a new scenario: a recycled one when there is one
    /// (engine thread).
    static func make(userAgent: String?) -> WebKitHostView {
      guard let view = idle.popLast() else { return WebKitHostView(userAgent: userAgent) }
      view.setUserAgent(userAgent)
      return view
    }

    /// Makes a web view (and with it the web process) ahead of the first
    /// scenario, so that a worker starts its engine whole before it takes a
    /// scenario (engine thread; once).
    static func warmUp() {
      guard idle.isEmpty, byWebView.isEmpty else { return }
      idle.append(WebKitHostView(userAgent: nil))
    }

    private func setUserAgent(_ userAgent: String?) {
      if let settings = webkit_web_view_get_settings(view) { webkit_settings_set_user_agent(settings, userAgent) }
    }

    /// Creates the web view (engine thread).
    init(userAgent: String?) {
      let manager = webkit_user_content_manager_new()
      self.manager = manager
      let view = bridgecheck_web_view_new(Self.context, manager)
      self.view = view
      if let key = UnsafeMutableRawPointer(view) { Self.byWebView[key] = WeakHostView(self) }
      if userAgent != nil { setUserAgent(userAgent) }
      let context = Unmanaged.passUnretained(self).toOpaque()
      let policy:
        @convention(c) (
          UnsafeMutableRawPointer?, UnsafeMutablePointer<WebKitPolicyDecision>?, WebKitPolicyDecisionType,
          UnsafeMutableRawPointer?
        ) -> gboolean = {
          _, decision, type, data in
          Unmanaged<WebKitHostView>.fromOpaque(data!).takeUnretainedValue().decide(decision, type: type) ? 1 : 0
        }
      _ = bridgecheck_signal_connect(view, "decide-policy", unsafeBitCast(policy, to: GCallback.self), context)
      let loaded: @convention(c) (UnsafeMutableRawPointer?, WebKitLoadEvent, UnsafeMutableRawPointer?) -> Void = {
        _, event, data in
        let view = Unmanaged<WebKitHostView>.fromOpaque(data!).takeUnretainedValue()
        if event == WEBKIT_LOAD_COMMITTED { view.events.append(.loadCommitted) }
        if event == WEBKIT_LOAD_FINISHED { view.events.append(.loadFinished) }
      }
      _ = bridgecheck_signal_connect(view, "load-changed", unsafeBitCast(loaded, to: GCallback.self), context)
      let dialog: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = {
        _, dialog, data in
        guard let dialog else { return 0 }
        Unmanaged<WebKitHostView>.fromOpaque(data!).takeUnretainedValue().opened(dialog)
        return 1
      }
      _ = bridgecheck_signal_connect(view, "script-dialog", unsafeBitCast(dialog, to: GCallback.self), context)
      let ended:
        @convention(c) (UnsafeMutableRawPointer?, WebKitWebProcessTerminationReason, UnsafeMutableRawPointer?) -> Void =
          {
            _, reason, data in
            Unmanaged<WebKitHostView>.fromOpaque(data!).takeUnretainedValue().webProcessEnded(reason)
          }
      _ = bridgecheck_signal_connect(view, "web-process-terminated", unsafeBitCast(ended, to: GCallback.self), context)
      let window = gtk_offscreen_window_new()
      self.window = window
      bridgecheck_container_add(window, UnsafeMutableRawPointer(view)?.assumingMemoryBound(to: GtkWidget.self))
      gtk_widget_show_all(window)
      registerMessageHandler(HostChannelScript.channelHandlerName, world: HostChannelScript.channelWorldName)
    }

    /// The events queued so far, oldest first; the queue is emptied.
    func takeEvents() -> [EngineEvent] {
      defer { events.removeAll() }
      return events
    }

    /// Whether an event is waiting.
    var hasEvents: Bool { !events.isEmpty }

    // MARK: - Content

    /// Replaces every user script: `channel` first, then `scripts` in order
    /// (top frame only), and the channel's own-world script.
    func setUserScripts(channel: String, _ scripts: [(source: String, atDocumentStart: Bool)]) {
      webkit_user_content_manager_remove_all_scripts(manager)
      let world = webkit_user_script_new_for_world(
        HostChannelScript.worldSource, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME,
        WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START,
        HostChannelScript.channelWorldName, nil, nil)
      webkit_user_content_manager_add_script(manager, world)
      webkit_user_script_unref(world)
      for (source, start) in [(channel, true)] + scripts {
        let script = webkit_user_script_new(
          source, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME,
          start ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END, nil, nil)
        webkit_user_content_manager_add_script(manager, script)
        webkit_user_script_unref(script)
      }
    }

    /// Makes `window.webkit.messageHandlers[name]` post to this view, in the
    /// page's world or (`world`) in a script world of that name.
    func registerMessageHandler(_ name: String, world: String? = nil) {
      guard handlerBoxes[name] == nil else { return }
      if let world {
        _ = webkit_user_content_manager_register_script_message_handler_in_world(manager, name, world)
      } else {
        _ = webkit_user_content_manager_register_script_message_handler(manager, name)
      }
      let box = Unmanaged.passRetained(MessageHandlerBox(view: self, name: name)).toOpaque()
      let received: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        _, result, data in
        let box = Unmanaged<MessageHandlerBox>.fromOpaque(data!).takeUnretainedValue()
        let value = result.flatMap { webkit_javascript_result_get_js_value($0) }
        var body: JSONValue?
        var unreadable = false
        if let value {
          if let excess = WebKitHostView.excessSize(of: value) {
            box.view?.events.append(
              .limitPassed(
                limit: "value-size", message: "the body posted to \(box.name) is too large to leave the page: \(excess)"
              ))
          } else {
            body = WebKitHostView.json(of: value).flatMap { try? JSONValue.parse($0) }
            unreadable = body == nil && jsc_value_is_object(value) != 0
          }
        }
        box.view?.events.append(.message(name: box.name, body: body, unreadable: unreadable))
      }
      let signal = bridgecheck_signal_connect(
        manager, "script-message-received::" + name, unsafeBitCast(received, to: GCallback.self), box)
      handlerBoxes[name] = (box, signal)
    }

    /// Removes a script message handler registered by ``registerMessageHandler(_:world:)`` in the page's world.
    private func unregisterMessageHandler(_ name: String) {
      guard let entry = handlerBoxes.removeValue(forKey: name) else { return }
      g_signal_handler_disconnect(manager, entry.signal)
      webkit_user_content_manager_unregister_script_message_handler(manager, name)
      Unmanaged<MessageHandlerBox>.fromOpaque(entry.box).release()
    }

    /// Loads `html` as the page at `url` (its own navigation is allowed without asking).
    func load(html: String, url: String) {
      ownLoadURL = url
      webkit_web_view_load_html(view, html, url)
    }

    /// Starts evaluating `script`; its completion is queued as ``EngineEvent/evaluated(id:result:)``.
    func evaluate(_ script: String) -> Int {
      nextEvaluation += 1
      outstandingEvaluations += 1
      let call = Unmanaged.passRetained(EvaluationBox(view: self, id: nextEvaluation, epoch: epoch)).toOpaque()
      let finished: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void =
        {
          source, result, data in
          let box = Unmanaged<EvaluationBox>.fromOpaque(data!).takeRetainedValue()
          var error: UnsafeMutablePointer<GError>?
          let value = webkit_web_view_evaluate_javascript_finish(
            UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: WebKitWebView.self), result, &error)
          var outcome: Result<String?, WebKitError>
          var excess: String?
          if let error {
            outcome = .failure(WebKitError(WebKitHostView.cut(error.pointee.message)))
            g_error_free(error)
          } else if let value {
            excess = WebKitHostView.excessSize(of: value)
            outcome =
              excess.map { .failure(WebKitError("the value is too large to leave the page: \($0)")) }
              ?? .success(WebKitHostView.json(of: value))
            g_object_unref(value)
          } else {
            outcome = .success(nil)
          }
          guard let view = box.view, box.epoch == view.epoch else { return }
          view.outstandingEvaluations -= 1
          if let excess {
            view.events.append(
              .limitPassed(
                limit: "value-size",
                message: "the value an evaluation returned is too large to leave the page: \(excess)"))
          }
          view.events.append(.evaluated(id: box.id, result: outcome))
        }
      webkit_web_view_evaluate_javascript(
        view, script, gssize(script.utf8.count), nil, nil, nil, finished, call)
      return nextEvaluation
    }

    /// Answers a navigation decision taken from the queue.
    func answer(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, allow: Bool) {
      if allow { webkit_policy_decision_use(decision) } else { webkit_policy_decision_ignore(decision) }
      g_object_unref(decision)
    }

    /// Answers a host channel request taken from a queue with `reply`
    /// (``HostChannelScript/reply(_:)``) and drops the queue's reference.
    static func answer(_ request: UnsafeMutablePointer<WebKitURISchemeRequest>, _ reply: String) {
      bridgecheck_scheme_request_answer(request, reply)
      g_object_unref(request)
    }

    /// Answers a dialog taken from the queue: `text` for a prompt, `confirmed` for a confirm.
    func answer(dialog: OpaquePointer, text: String?, confirmed: Bool) {
      if let text { webkit_script_dialog_prompt_set_text(dialog, text) }
      if webkit_script_dialog_get_dialog_type(dialog) == WEBKIT_SCRIPT_DIALOG_CONFIRM {
        webkit_script_dialog_confirm_set_confirmed(dialog, confirmed ? 1 : 0)
      }
      webkit_script_dialog_close(dialog)
      webkit_script_dialog_unref(dialog)
    }

    /// Cancels the open decisions and dismisses the open dialogs among the
    /// queued events, and empties the queue; whether the page finished a load meanwhile.
    @discardableResult
    private func dropEvents() -> Bool {
      var finished = false
      for event in takeEvents() {
        switch event {
        case .navigation(let decision, _): answer(decision, allow: false)
        case .hostCall(let request, _, _):
          Self.answer(request, HostChannelScript.reply(.failure(WebKitError("the page was closed"))))
        case .dialog(let dialog, _, _, _): answer(dialog: dialog, text: nil, confirmed: false)
        case .loadFinished: finished = true
        default: break
        }
      }
      return finished
    }

    /// Makes the view ready for the next scenario, or destroys it when it
    /// cannot be: open decisions and dialogs are answered, the native side's
    /// message handlers and the user scripts removed, completions of earlier
    /// evaluations ignored from now on, and `about:blank` loaded (the page's
    /// document, its timers and pending work end with it).
    func recycle() {
      guard Self.recycles, !processEnded else {
        close()
        return
      }
      epoch += 1
      outstandingEvaluations = 0
      dropEvents()
      for name in handlerBoxes.keys where name != HostChannelScript.channelHandlerName {
        unregisterMessageHandler(name)
      }
      webkit_user_content_manager_remove_all_scripts(manager)
      ownLoadURL = "about:blank"
      webkit_web_view_load_uri(view, "about:blank")
      var finished = false
      let blank = EngineThread.spin(seconds: 2) {
        finished = self.dropEvents() || finished
        return finished
      }
      ownLoadURL = nil
      // What the page stored goes too (local storage, cookies, caches).
      // (The flag outlives this call when clearing takes too long: WebKit
      // still writes it later, so it is then left allocated.)
      let cleared = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
      cleared.pointee = 0
      bridgecheck_clear_website_data(Self.context, cleared)
      let clean = EngineThread.spin(seconds: 2) { cleared.pointee != 0 }
      if clean { cleared.deallocate() }
      guard blank, clean, Self.idle.isEmpty else {
        close()
        return
      }
      Self.idle.append(self)
    }

    /// Destroys the web view; open decisions are cancelled and open dialogs dismissed.
    func close() {
      dropEvents()
      if let key = view.map({ UnsafeMutableRawPointer($0) }) { Self.byWebView[key] = nil }
      if let window { gtk_widget_destroy(window) }
      window = nil
      view = nil
    }

    // MARK: - Signals (engine thread)

    /// Whether the web process of the current page ended: the view is then
    /// closed, not recycled.
    private var processEnded = false

    private func webProcessEnded(_ reason: WebKitWebProcessTerminationReason) {
      processEnded = true
      let words: String
      switch reason {
      case WEBKIT_WEB_PROCESS_CRASHED: words = "it crashed"
      case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT: words = "it passed WebKit's memory limit"
      default: words = "it was ended by the host"
      }
      events.append(.webProcessEnded(reason: words))
    }

    /// Ends the page's web process, as a crash would (a test of what the
    /// host does then).
    func terminateWebProcess() {
      webkit_web_view_terminate_web_process(view)
    }

    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>?, type: WebKitPolicyDecisionType) -> Bool
    {
      guard let decision, type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION else { return false }
      let action = webkit_navigation_policy_decision_get_navigation_action(bridgecheck_navigation_decision(decision))
      let url =
        webkit_uri_request_get_uri(webkit_navigation_action_get_request(action)).map { String(cString: $0) } ?? ""
      if let ownLoadURL, url == ownLoadURL {
        self.ownLoadURL = nil
        webkit_policy_decision_use(decision)
        return true
      }
      _ = g_object_ref(decision)
      events.append(.navigation(decision: decision, url: url))
      return true
    }

    private func opened(_ dialog: OpaquePointer) {
      webkit_script_dialog_ref(dialog)
      let message = webkit_script_dialog_get_message(dialog).map { String(cString: $0) } ?? ""
      let type = webkit_script_dialog_get_dialog_type(dialog)
      let kind: String
      var defaultText: String?
      switch type {
      case WEBKIT_SCRIPT_DIALOG_PROMPT:
        kind = "prompt"
        defaultText = webkit_script_dialog_prompt_get_default_text(dialog).map { String(cString: $0) }
      case WEBKIT_SCRIPT_DIALOG_CONFIRM, WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM: kind = "confirm"
      default: kind = "alert"
      }
      events.append(.dialog(dialog: dialog, kind: kind, message: message, defaultText: defaultText))
    }

    /// The longest error message kept of an evaluation that failed, in
    /// UTF-8 bytes (an exception's message is the page's to make as long as
    /// it likes; the simulated page cuts it at 16 Ki characters too).
    static let errorMessageBytes = 16_384

    /// The text of a C string of the engine's, cut at ``errorMessageBytes``
    /// (on a character boundary) with a note of how much was left out.
    static func cut(_ text: UnsafePointer<CChar>?) -> String {
      guard let text else { return "" }
      let length = strlen(text)
      guard length > errorMessageBytes else { return String(cString: text) }
      let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
      var end = errorMessageBytes
      while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      let kept = String(decoding: UnsafeBufferPointer(start: bytes, count: end), as: UTF8.self)
      return kept + "… [\(length - end) more bytes cut]"
    }

    /// The most a value leaving the page may weigh, as the simulated page
    /// counts it (its strings' characters and keys, plus 16 bytes a value).
    static let maximumValueSize = 64 << 20

    /// Weighs a value that arrived from the page (already a copy in this
    /// process, plain data: no getter of the page runs here), stopping as
    /// soon as it passes ``maximumValueSize``; nil when it is within it,
    /// else why not, before it is converted to JSON (which would copy it
    /// again, and again when parsed). An object met again (a cycle, or one
    /// object under two keys) is weighed once, as the structured clone that
    /// brought it here copied it once.
    static func excessSize(of value: UnsafeMutablePointer<JSCValue>) -> String? {
      guard jsc_value_is_string(value) != 0 || jsc_value_is_object(value) != 0,
        let context = jsc_value_get_context(value)
      else { return nil }
      let source = """
        (function (value, limit) {
          var size = 0, stack = [value], seen = new Set();
          while (stack.length) {
            var v = stack.pop();
            size += 16;
            if (typeof v === 'string') size += v.length;
            else if (v !== null && typeof v === 'object' && !seen.has(v)) {
              seen.add(v);
              if (Array.isArray(v)) {
                if (size + v.length * 16 > limit) return -1;
                for (var i = 0; i < v.length; i++) stack.push(v[i]);
              } else {
                var keys = Object.keys(v);
                for (var k = 0; k < keys.length; k++) { size += keys[k].length; stack.push(v[keys[k]]); }
              }
            }
            if (size > limit) return -1;
          }
          return size;
        })
        """
      guard let weigh = jsc_context_evaluate(context, source, gssize(source.utf8.count)) else { return nil }
      defer { g_object_unref(weigh) }
      guard let limit = jsc_value_new_number(context, Double(maximumValueSize)) else { return nil }
      defer { g_object_unref(limit) }
      var arguments: [UnsafeMutablePointer<JSCValue>?] = [value, limit]
      guard let size = jsc_value_function_callv(weigh, 2, &arguments) else { return nil }
      defer { g_object_unref(size) }
      guard jsc_value_to_double(size) < 0 else { return nil }
      return "the value is larger than the limit of \(ByteCount(maximumValueSize))"
    }

    /// The JSON text of a JavaScriptCore value, or nil for `undefined`.
    static func json(of value: UnsafeMutablePointer<JSCValue>) -> String? {
      if jsc_value_is_undefined(value) != 0 { return nil }
      guard let text = jsc_value_to_json(value, 0) else { return nil }
      defer { g_free(text) }
      return String(cString: text)
    }
  }

  /// A view, held weakly, in the registry of the host channel.
  private struct WeakHostView {
    weak var view: WebKitHostView?
    init(_ view: WebKitHostView) { self.view = view }
  }

  /// A script message handler's name and its view, for the one C callback.
  private final class MessageHandlerBox {
    weak var view: WebKitHostView?
    let name: String
    init(view: WebKitHostView, name: String) {
      self.view = view
      self.name = name
    }
  }

  /// An evaluation waiting for its completion.
  private final class EvaluationBox {
    weak var view: WebKitHostView?
    let id: Int
    let epoch: Int
    init(view: WebKitHostView, id: Int, epoch: Int) {
      self.view = view
      self.id = id
      self.epoch = epoch
    }
  }
#endif
