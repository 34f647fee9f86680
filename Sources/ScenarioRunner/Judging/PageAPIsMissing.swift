import WebViewHosting

/// The APIs a scenario's page code reached for that the simulated page
/// lacks: every `page-api-missing` note the page made (an API WebKit has,
/// touched), and every page error that ``MissingPageAPI`` traces to a
/// missing page API. A run reports them at the top, with
/// `--engine webkitgtk` as the way to judge such a bridge.
enum PageAPIsMissing {
  /// The APIs, in the order the trace first names them, each once.
  static func collect(from trace: [TraceEvent]) -> [String] {
    var found: [String] = []
    func add(_ api: String) { if !found.contains(api) { found.append(api) } }
    for event in trace {
      switch event.name {
      case TraceEventName.pageAPIMissing:
        if let api = event["api"]?.stringValue { add(api) }
      case TraceEventName.uncaughtException, TraceEventName.workerError, TraceEventName.evaluateResult:
        let error = event["error"]?.objectValue ?? event.fields
        guard let message = error["message"]?.stringValue,
          let missing = MissingPageAPI.diagnose(name: error["name"]?.stringValue, message: message)
        else { continue }
        switch missing.kind {
        case .webKitHas, .maybe: add(missing.api)
        case .noMessageHandler: continue
        }
      default:
        continue
      }
    }
    return found
  }
}
