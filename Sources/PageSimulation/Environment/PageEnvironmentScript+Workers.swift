extension PageEnvironmentScript {
  /// The page's side of dedicated workers: the `Worker` constructor, its
  /// `postMessage` (a structured clone), `terminate`, its handlers and
  /// listeners, and for the host `workerMessage(id, text)` (a `message`
  /// event at the worker object), `workerFailed(id, …)` (an `ErrorEvent`:
  /// returns whether no handler canceled it, so that the host reports it
  /// one level up, at the window, as WebKit does) and `workerNotLoaded(id)`
  /// (the plain `error` event of a script that could not be fetched).
  static let workers = environmentScripts.text(of: "page-workers.js")
}
