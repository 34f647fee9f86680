import BridgeImplementations

/// The judgement of one scenario before timing and trace are attached.
struct Verdict {
  var status: ScenarioStatus
  var message: String?
  var detail: FailureDetail?

  static let pass = Verdict(status: .pass)

  static func fail(_ message: String, detail: FailureDetail? = nil) -> Verdict {
    Verdict(status: .fail, message: message, detail: detail)
  }

  static func error(_ message: String, detail: FailureDetail? = nil) -> Verdict {
    Verdict(status: .error, message: message, detail: detail)
  }

  static func implementationFailure(_ error: ImplementationError) -> Verdict {
    .error("the native implementation failed: \(error)")
  }
}
