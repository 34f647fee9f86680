import Dialects
import JSONModel
import WebViewHosting

/// Injection and the start-up queue (see ``NativeBridge``'s "Start-up queue").
extension NativeBridge {
  func bridgeLoaded() {
    guard faults.injects(afterInjections: injectionCount) else { return }
    injectionCount += 1
    injectedSinceReset = true
    let count = injectionCount
    switch options.injection {
    case .onBridgeLoaded, .afterLoad, .onPost:
      // A dialect whose native side flushes from the injection's completion
      // (the Swift WKWebView port) sends the start-up queue there, and keeps
      // it when the injection failed, as that side does.
      let flushesOnCompletion = options.profile.startupQueue == .afterInjectionCompletes
      webView.evaluateJavaScript(injectionScript) { [weak self] result in
        guard let self else { return }
        switch result {
        case .success:
          self.log(.info, .injected, "page bridge evaluated (injection \(count))")
          if flushesOnCompletion { self.flushStartupQueue() }
        case .failure(let error):
          self.log(.error, .injectionFailed, "evaluating the page bridge failed: \(error)")
        }
      }
      if flushesOnCompletion { return }
    case .atDocumentStart:
      log(.info, .injected, "document-start page bridge announced itself (page load \(count))")
    case .atDocumentEnd:
      log(.info, .injected, "document-end page bridge announced itself (page load \(count))")
    case .shippedByPage:
      log(.info, .injected, "the page's own bridge is loaded (page load \(count))")
    }
    flushStartupQueue()
  }

  /// Sends the start-up queue in order and removes it. Re-entrant: a
  /// message sent while the queue is being sent (from a log handler, say)
  /// joins the end of the queue, and a ``reset()`` in the middle stops the
  /// flush and leaves the fresh queue in place.
  func flushStartupQueue() {
    guard let queue = startupQueue else { return faults.startupQueueAlreadyFlushed(deliver: deliver) }
    startupQueue = faults.startupMessagesToFlush(queue)
    let generation = resetCount
    var index = 0
    func message(at index: Int) -> JSONObject? {
      guard let queue = startupQueue, index < queue.count else { return nil }
      return queue[index]
    }
    while generation == resetCount, let next = message(at: index) {
      index += 1
      deliver(next)
    }
    guard generation == resetCount else { return }
    faults.startupQueueFlushed(startupQueue ?? [])
    startupQueue = nil
    log(.info, .startupFlushed, "sent \(index) start-up message(s)")
  }
}
