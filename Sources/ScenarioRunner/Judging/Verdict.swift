import BridgeImplementations

/// The judgement of one scenario before timing and trace are attached.
struct Verdict {
  var status: ScenarioStatus
  var message: String?
  var detail: FailureDetail?
  /// Whether the scenario ended because wall-clock time ran out (a hung
  /// implementation, or a machine too busy to finish in time), as opposed to
  /// anything the virtual clock or the trace decided.
  var hitWallClockLimit = false
  /// Stable ids of the checks that did not hold, the one `message` is about
  /// first (see ``CheckID``).
  var checks: [String] = []

  static let pass = Verdict(status: .pass)

  static func fail(_ message: String, detail: FailureDetail? = nil, check: String) -> Verdict {
    Verdict(status: .fail, message: message, detail: detail, checks: [check])
  }

  static func error(_ message: String, detail: FailureDetail? = nil, check: String) -> Verdict {
    Verdict(status: .error, message: message, detail: detail, checks: [check])
  }

  static func implementationFailure(_ error: ImplementationError) -> Verdict {
    var verdict = Verdict.error("the native implementation failed: \(error)", check: CheckID.adapter(code: error.code))
    verdict.hitWallClockLimit = error.code == "timeout"
    return verdict
  }
}
