/// Native-side bugs that show only under some schedules or some values,
/// for the exploration mutants (`conformance/mutants/exploration/native/`).
/// Each one is built around the reference native bridge
/// (``ExplorationNativeImplementation``) without touching it: at the web
/// view it drives, or where it hands data to the app's handlers.
public enum ExplorationFault: String, Sendable, Hashable, CaseIterable {
  /// The bridge keeps one completion slot for `_fetchQueue()`: a fetch
  /// started before the previous one completed takes the slot, so the first
  /// completion runs the second fetch's handler and the second batch is
  /// dropped. Shows only when two fetches overlap (a slow completion).
  case singleFetchCompletionSlot = "single-fetch-completion-slot"
  /// U+FEFF (a byte order mark) is removed from the fetched queue text
  /// before it is parsed ("defensive BOM stripping"), so strings from the
  /// page lose every U+FEFF. Shows only for values that contain one.
  case byteOrderMarksStripped = "byte-order-marks-stripped"
}
