#if WebKitGTK
  import CWebKitGTK
  import Foundation
  import JSONModel

  /// One page in a real WebKitGTK web view, with the host shape a native
  /// bridge sees on a `WKWebView`: navigation requests come to the host
  /// first (`decide-policy`), scripts are evaluated with a completion
  /// (`webkit_web_view_evaluate_javascript`), and the page can post to
  /// named script message handlers (`window.webkit.messageHandlers.NAME`).
  ///
  /// Every GObject pointer lives here and in ``EngineThread``, and is used
  /// only on the engine thread. A navigation other than the page's own load
  /// is recorded in ``navigationRequests`` and cancelled, as a bridge that
  /// intercepts its signal URLs does; `about:blank` is recorded and allowed.
  package final class WebKitPage: @unchecked Sendable {
    private let engine: EngineThread
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var view: UnsafeMutablePointer<WebKitWebView>?
    private var manager: UnsafeMutablePointer<WebKitUserContentManager>?
    private var loadFinished = false
    private var pageURL = ""
    /// Whether the next request for ``pageURL`` is the page's own load
    /// (allowed, not recorded) rather than a navigation the page asked for.
    private var awaitingOwnLoad = false
    /// Navigation requests the host saw and cancelled, in order.
    private var navigations: [String] = []
    /// Bodies posted to the script message handlers, in order.
    private var messages: [(handler: String, body: JSONValue?)] = []
    private var handlerNames: [String] = []

    /// Creates a web view in an offscreen window with script message
    /// handlers of these names; throws when GTK cannot start (no display).
    package init(messageHandlers: [String] = []) throws(WebKitError) {
      guard let engine = EngineThread.shared else {
        throw WebKitError("GTK could not start: no display (run under xvfb-run, or set DISPLAY)")
      }
      self.engine = engine
      handlerNames = messageHandlers
      engine.run { self.create() }
      EngineThread.endProcessBeforeWebKitTeardown()
    }

    private func create() {
      let manager = webkit_user_content_manager_new()
      self.manager = manager
      let context = Unmanaged.passUnretained(self).toOpaque()
      for name in handlerNames {
        _ = webkit_user_content_manager_register_script_message_handler(manager, name)
        let signal = "script-message-received::" + name
        // The handler's name travels in a box of its own: one C callback serves every name.
        let box = Unmanaged.passRetained(HandlerContext(page: self, name: name)).toOpaque()
        let named: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
          _, result, data in
          let context = Unmanaged<HandlerContext>.fromOpaque(data!).takeUnretainedValue()
          let value = result.flatMap { webkit_javascript_result_get_js_value($0) }
          context.page?.received(value, signal: context.name)
        }
        _ = bridgecheck_signal_connect(manager, signal, unsafeBitCast(named, to: GCallback.self), box)
      }
      let view = webkit_web_view_new_with_user_content_manager(manager)
      self.view = UnsafeMutableRawPointer(view)?.assumingMemoryBound(to: WebKitWebView.self)
      let policy:
        @convention(c) (
          UnsafeMutableRawPointer?, UnsafeMutablePointer<WebKitPolicyDecision>?, WebKitPolicyDecisionType,
          UnsafeMutableRawPointer?
        ) -> gboolean = {
          _, decision, type, data in
          let page = Unmanaged<WebKitPage>.fromOpaque(data!).takeUnretainedValue()
          return page.decide(decision, type: type) ? 1 : 0
        }
      _ = bridgecheck_signal_connect(view, "decide-policy", unsafeBitCast(policy, to: GCallback.self), context)
      let loaded: @convention(c) (UnsafeMutableRawPointer?, WebKitLoadEvent, UnsafeMutableRawPointer?) -> Void = {
        _, event, data in
        let page = Unmanaged<WebKitPage>.fromOpaque(data!).takeUnretainedValue()
        if event == WEBKIT_LOAD_FINISHED { page.loadFinished = true }
      }
      _ = bridgecheck_signal_connect(view, "load-changed", unsafeBitCast(loaded, to: GCallback.self), context)
      let window = gtk_offscreen_window_new()
      self.window = window
      bridgecheck_container_add(window, view)
      gtk_widget_show_all(window)
    }

    /// Loads `html` as the page at `baseURL` and waits until it has loaded.
    package func load(html: String, baseURL: String, timeout: Double = 10) throws(WebKitError) {
      let ok = engine.run { () -> Bool in
        self.loadFinished = false
        self.pageURL = baseURL
        self.awaitingOwnLoad = true
        webkit_web_view_load_html(self.view, html, baseURL)
        return EngineThread.spin(seconds: timeout) { self.loadFinished }
      }
      if !ok { throw WebKitError("the page did not finish loading within \(timeout) s") }
    }

    /// Evaluates `script` in the page and returns its completion value as
    /// JSON (nil for `undefined`), as `evaluateJavaScript` hands it to a
    /// native side.
    package func evaluate(_ script: String, timeout: Double = 10) throws(WebKitError) -> JSONValue? {
      let outcome = engine.run { () -> Result<String?, WebKitError> in
        let call = EvaluationCall()
        let finished:
          @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
            source, result, data in
            let call = Unmanaged<EvaluationCall>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let value = webkit_web_view_evaluate_javascript_finish(
              UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: WebKitWebView.self), result, &error)
            if let error {
              call.outcome = .failure(WebKitError(String(cString: error.pointee.message)))
              g_error_free(error)
            } else if let value {
              call.outcome = .success(WebKitPage.json(of: value))
              g_object_unref(value)
            } else {
              call.outcome = .success(nil)
            }
          }
        let data = Unmanaged.passRetained(call).toOpaque()
        webkit_web_view_evaluate_javascript(
          self.view, script, gssize(script.utf8.count), nil, nil, nil,
          finished, data)
        guard EngineThread.spin(seconds: timeout, until: { call.outcome != nil }) else {
          return .failure(WebKitError("the evaluation did not complete within \(timeout) s"))
        }
        return call.outcome!
      }
      switch outcome {
      case .failure(let error): throw error
      case .success(nil): return nil
      case .success(let text?):
        do { return try JSONValue.parse(text) } catch { throw WebKitError("the result is not JSON: \(text)") }
      }
    }

    /// Lets the page run for `seconds` of real time (its timers, its posts).
    package func settle(seconds: Double) {
      engine.run { _ = EngineThread.spin(seconds: seconds) { false } }
    }

    /// The navigation requests the host saw so far (all cancelled but
    /// `about:blank`), in order.
    package var navigationRequests: [String] { engine.run { self.navigations } }

    /// Lets the page run until the host has seen more than `count`
    /// navigation requests or `timeout` seconds pass; whether it has.
    @discardableResult
    package func waitForNavigationRequests(moreThan count: Int, timeout: Double) -> Bool {
      engine.run { EngineThread.spin(seconds: timeout) { self.navigations.count > count } }
    }

    /// The WebKitGTK library this process runs, e.g. `2.48.3`.
    package static var engineVersion: String {
      "\(webkit_get_major_version()).\(webkit_get_minor_version()).\(webkit_get_micro_version())"
    }

    /// The bodies posted to the script message handlers so far.
    package var scriptMessages: [(handler: String, body: JSONValue?)] { engine.run { self.messages } }

    /// Destroys the web view and its window (a page dropped without it
    /// keeps them until the process ends).
    package func close() {
      engine.run {
        if let window = self.window { gtk_widget_destroy(window) }
        self.window = nil
        self.view = nil
      }
    }

    // MARK: - Engine callbacks (engine thread)

    fileprivate func received(_ value: UnsafeMutablePointer<JSCValue>?, signal name: String) {
      let body = value.flatMap { Self.json(of: $0) }.flatMap { try? JSONValue.parse($0) }
      messages.append((name, body))
    }

    /// Allows the page's own load (not recorded); records every other
    /// navigation request, and cancels all of them but `about:blank`.
    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>?, type: WebKitPolicyDecisionType) -> Bool
    {
      guard let decision, type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION else { return false }
      let navigation = bridgecheck_navigation_decision(decision)
      let action = webkit_navigation_policy_decision_get_navigation_action(navigation)
      let request = webkit_navigation_action_get_request(action)
      let uri = webkit_uri_request_get_uri(request).map { String(cString: $0) } ?? ""
      if awaitingOwnLoad && uri == pageURL {
        awaitingOwnLoad = false
        webkit_policy_decision_use(decision)
        return true
      }
      navigations.append(uri)
      if uri == "about:blank" {
        webkit_policy_decision_use(decision)
      } else {
        webkit_policy_decision_ignore(decision)
      }
      return true
    }

    /// The JSON text of a JavaScriptCore value, or nil for `undefined`.
    fileprivate static func json(of value: UnsafeMutablePointer<JSCValue>) -> String? {
      if jsc_value_is_undefined(value) != 0 { return nil }
      guard let text = jsc_value_to_json(value, 0) else { return nil }
      defer { g_free(text) }
      return String(cString: text)
    }
  }

  /// One evaluation waiting for its completion.
  private final class EvaluationCall {
    var outcome: Result<String?, WebKitError>?
  }

  /// A script message handler's name and its page.
  private final class HandlerContext {
    weak var page: WebKitPage?
    let name: String
    init(page: WebKitPage, name: String) {
      self.page = page
      self.name = name
    }
  }
#endif
