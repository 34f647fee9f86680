import Dialects
import JSONModel
import JSRuntime

/// Why a page script's dialect cannot be worked out. Each says what is
/// wrong with the file, where, and what to do.
package enum PageInferenceFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file has nothing but white space and comments.
  case empty(file: String)
  /// The file is not JavaScript: a syntax error at a line and column.
  case syntax(file: String, line: Int, column: Int, message: String)
  /// The script threw while it loaded (where, when known).
  case throwsAtLoad(file: String, line: Int?, column: Int?, message: String)
  /// The script passed a limit of the simulated page while it loaded or
  /// was probed (a loop, a flood).
  case pageLimit(file: String, message: String)
  /// The script defines no bridge of the WVJB family that the probes
  /// recognise.
  case noBridge(file: String, reason: String)

  package var description: String {
    switch self {
    case .empty(let file):
      return
        "\(file): the page script is empty: it defines no bridge\n  hint: give the file of the page bridge (the JavaScript the native side injects)"
    case .syntax(let file, let line, let column, let message):
      return
        "\(file):\(line):\(column): SyntaxError: \(message)\n  hint: the page script must be JavaScript that the page can run as it is (the text the native side injects)"
    case .throwsAtLoad(let file, let line, let column, let message):
      let place = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
      return
        "\(file)\(place): the page script threw while it loaded: \(message)\n  hint: a bridge must load in a page that has only what a web view has; run it with --profile to see every scenario's trace"
    case .pageLimit(let file, let message):
      return "\(file): the page script passed a limit of the simulated page while it was probed: \(message)"
    case .noBridge(let file, let reason):
      return
        "\(file): no bridge of the WebViewJavascriptBridge family was recognised: \(reason)\n  hint: give the page bridge's file, or write a profile for it (docs/protocol.md section 9) and run with --profile FILE"
    }
  }
}

/// Works out the dialect of a page bridge from what it does in a simulated
/// page (docs/inference.md): it loads the script with the inference kit
/// (``InferenceKit``), finds the global it defines, probes each way a
/// bridge of the family may send, deliver, start and dispatch, and reads
/// the facts (``DialectFacts``) off what left the page; the dialect is then
/// the nearest shipped profile with those facts (``InferredDialect``).
/// Deterministic: the page runs on a virtual clock with a fixed seed, and
/// every candidate is tried in a fixed order.
package enum PageDialectInference {
  /// The dialect of the page bridge `source` (read from `file`, which names
  /// it in messages), given the shipped profiles in order of preference.
  package static func infer(source: String, file: String, shipped: [BridgeProfile]) -> Result<
    InferredDialect, PageInferenceFailure
  > {
    let agents = shipped.compactMap(\.userAgent).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    switch facts(source: source, file: file, userAgents: agents) {
    case .failure(let failure):
      return .failure(failure)
    case .success(let facts):
      guard let inferred = InferredDialect.infer(from: facts, shipped: shipped) else {
        return .failure(.noBridge(file: file, reason: "there is no shipped profile to start from"))
      }
      return .success(inferred)
    }
  }

  /// What the probes establish about the page bridge `source`; `userAgents`
  /// are tried in turn when it sends nothing readable under the simulated
  /// page's own.
  package static func facts(source: String, file: String, userAgents: [String] = []) -> Result<
    DialectFacts, PageInferenceFailure
  > {
    if let problem = ScriptCheck.problem(in: source, file: file) { return .failure(problem) }
    let probes = PageProbes(source: source, file: file, userAgents: userAgents)
    do {
      try probes.run()
      return .success(probes.facts)
    } catch {
      return .failure(error)
    }
  }
}
