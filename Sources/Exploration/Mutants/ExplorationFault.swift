/// Native-side bugs that show only under some schedules or some values,
/// for the exploration mutants (`conformance/mutants/exploration/native/`).
/// Each one is built around the reference native bridge
/// (``ExplorationNativeImplementation``) without touching it: at the web
/// view it drives, or where it hands data to the app's handlers.
package enum ExplorationFault: String, Sendable, Hashable, CaseIterable {
  /// U+FEFF (a byte order mark) is removed from the fetched queue text
  /// before it is parsed ("defensive BOM stripping"), so strings from the
  /// page lose every U+FEFF. Shows only for values that contain one.
  case byteOrderMarksStripped = "byte-order-marks-stripped"
  /// The responders of a batch's requests are dropped when the next batch
  /// is fetched ("no leaks between flushes"), so a handler that answers
  /// after another batch arrived answers nobody. Shows only when an answer
  /// is given late relative to the next fetch (an adapter's latency).
  case respondersClearedEachBatch = "responders-cleared-each-batch"
}
