#if WebKitGTK
  import CWebKitGTK
  import Foundation
  import JSONModel

  /// What the engine reported, queued in arrival order until the host runs
  /// it as a host task (see ``WebKitHostView``).
  enum EngineEvent {
    /// A navigation request; the decision is kept (referenced) until answered.
    case navigation(decision: UnsafeMutablePointer<WebKitPolicyDecision>, url: String)
    /// A body posted to a script message handler (`nil` for `undefined`).
    case message(name: String, body: JSONValue?)
    /// A prompt of the host channel: the page waits until it is answered.
    case hostCall(dialog: OpaquePointer, name: String, arguments: [JSONValue?])
    /// One of the page's own `alert`, `confirm` or `prompt`: the page waits.
    case dialog(dialog: OpaquePointer, kind: String, message: String, defaultText: String?)
    /// An evaluation finished (its JSON text, or the engine's error message).
    case evaluated(id: Int, result: Result<String?, WebKitError>)
    /// The page being loaded was committed: its document exists (document-start scripts ran or run next).
    case loadCommitted
    /// The page finished loading.
    case loadFinished
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
    private var handlerBoxes: [String: UnsafeMutableRawPointer] = [:]
    /// The URL of the page being loaded: its own navigation is allowed, not queued.
    private var ownLoadURL: String?
    private var nextEvaluation = 0
    /// Evaluations issued and not finished yet.
    private(set) var outstandingEvaluations = 0

    /// Creates the web view (engine thread).
    init(userAgent: String?) {
      let manager = webkit_user_content_manager_new()
      self.manager = manager
      let view = webkit_web_view_new_with_user_content_manager(manager)
      self.view = UnsafeMutableRawPointer(view)?.assumingMemoryBound(to: WebKitWebView.self)
      if let userAgent, let settings = webkit_web_view_get_settings(self.view) {
        webkit_settings_set_user_agent(settings, userAgent)
      }
      let context = Unmanaged.passUnretained(self).toOpaque()
      let policy: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<WebKitPolicyDecision>?, WebKitPolicyDecisionType, UnsafeMutableRawPointer?) -> gboolean = {
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
      let window = gtk_offscreen_window_new()
      self.window = window
      bridgecheck_container_add(window, view)
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
        HostChannelScript.worldSource, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START,
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
      handlerBoxes[name] = box
      let received: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        _, result, data in
        let box = Unmanaged<MessageHandlerBox>.fromOpaque(data!).takeUnretainedValue()
        let value = result.flatMap { webkit_javascript_result_get_js_value($0) }
        let body = value.flatMap { WebKitHostView.json(of: $0) }.flatMap { try? JSONValue.parse($0) }
        box.view?.events.append(.message(name: box.name, body: body))
      }
      _ = bridgecheck_signal_connect(
        manager, "script-message-received::" + name, unsafeBitCast(received, to: GCallback.self), box)
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
      let call = Unmanaged.passRetained(EvaluationBox(view: self, id: nextEvaluation)).toOpaque()
      let finished: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        source, result, data in
        let box = Unmanaged<EvaluationBox>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let value = webkit_web_view_evaluate_javascript_finish(
          UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: WebKitWebView.self), result, &error)
        let outcome: Result<String?, WebKitError>
        if let error {
          outcome = .failure(WebKitError(String(cString: error.pointee.message)))
          g_error_free(error)
        } else if let value {
          outcome = .success(WebKitHostView.json(of: value))
          g_object_unref(value)
        } else {
          outcome = .success(nil)
        }
        guard let view = box.view else { return }
        view.outstandingEvaluations -= 1
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

    /// Answers a dialog taken from the queue: `text` for a prompt, `confirmed` for a confirm.
    func answer(dialog: OpaquePointer, text: String?, confirmed: Bool) {
      if let text { webkit_script_dialog_prompt_set_text(dialog, text) }
      if webkit_script_dialog_get_dialog_type(dialog) == WEBKIT_SCRIPT_DIALOG_CONFIRM {
        webkit_script_dialog_confirm_set_confirmed(dialog, confirmed ? 1 : 0)
      }
      webkit_script_dialog_close(dialog)
      webkit_script_dialog_unref(dialog)
    }

    /// Destroys the web view; open decisions are cancelled and open dialogs dismissed.
    func close() {
      for event in takeEvents() {
        switch event {
        case .navigation(let decision, _): answer(decision, allow: false)
        case .hostCall(let dialog, _, _), .dialog(let dialog, _, _, _): answer(dialog: dialog, text: nil, confirmed: false)
        default: break
        }
      }
      if let window { gtk_widget_destroy(window) }
      window = nil
      view = nil
    }

    // MARK: - Signals (engine thread)

    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>?, type: WebKitPolicyDecisionType) -> Bool {
      guard let decision, type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION else { return false }
      let action = webkit_navigation_policy_decision_get_navigation_action(bridgecheck_navigation_decision(decision))
      let url = webkit_uri_request_get_uri(webkit_navigation_action_get_request(action)).map { String(cString: $0) } ?? ""
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
      if type == WEBKIT_SCRIPT_DIALOG_PROMPT, let call = HostChannelScript.call(in: message) {
        events.append(.hostCall(dialog: dialog, name: call.name, arguments: call.arguments))
        return
      }
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

    /// The JSON text of a JavaScriptCore value, or nil for `undefined`.
    static func json(of value: UnsafeMutablePointer<JSCValue>) -> String? {
      if jsc_value_is_undefined(value) != 0 { return nil }
      guard let text = jsc_value_to_json(value, 0) else { return nil }
      defer { g_free(text) }
      return String(cString: text)
    }
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
    init(view: WebKitHostView, id: Int) {
      self.view = view
      self.id = id
    }
  }
#endif
