import JSONModel
import WebViewHosting

extension FailureDetail {
  /// A detail read back from a report (`JSONReportReader`): the expectation,
  /// where it is in the fixture, the closest trace event and the event the
  /// failure is about.
  package init(readExpectation expectation: String, pointer: JSONPointer?, closest: TraceEvent?, focus: Int?) {
    self.init(expectation: expectation, pointer: pointer, closest: closest, focus: focus)
  }
}
