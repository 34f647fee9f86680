/// Which side of a bridge a peer fact is about: the sides of the dialect
/// that a bridge under test meets.
package enum PeerSide: String, Sendable, Hashable, CaseIterable {
  /// The native sides of the dialect (the peers of a page bridge).
  case native
  /// The page scripts of the dialect (the peers of a native bridge).
  case page
}

/// Something every real implementation of one side of a dialect does, that
/// decides whether a rule's violation hurts anyone in that dialect
/// (profile member `peers`; docs/protocol.md section 9.1, "Peers").
///
/// A rule is MUST when breaking it, while interoperating with a conforming
/// peer that exists in the dialect, loses, duplicates or corrupts a
/// message, crashes either side, hangs it or leaves a callback unsettled.
/// A fixture names the facts under which no existing peer is hurt
/// (`levelByPeers`); a profile that states such a fact lowers the fixture's
/// level for its dialect. A fact is a statement about code that exists
/// (the profile says where, in `evidence`), never a wish: without it the
/// fixture keeps its own level.
package enum PeerFact: String, Sendable, Hashable, CaseIterable {
  /// Every native side of the dialect ignores a response whose id matches
  /// no pending callback (so a page that sends a second answer to one
  /// request hurts none of them).
  case ignoresUnknownResponseIDs = "ignores-unknown-response-ids"
  /// Every native side of the dialect hands a request's data to its
  /// handler in a form where absent data and `null` are the same (Dart's
  /// `map['data']`, a dictionary cast), so no app can tell them apart.
  case requestDataNullReadsAsAbsent = "request-data-null-reads-as-absent"
  /// Every native side of the dialect hands an answer's data to its
  /// callback in a form where absent data and `null` are the same.
  case responseDataNullReadsAsAbsent = "response-data-null-reads-as-absent"
  /// Every native side of the dialect delivers messages with an
  /// evaluation that never blocks it while the page runs the script
  /// (`WKWebView`'s `evaluateJavaScript`, Android's `evaluateJavascript`
  /// and `loadUrl("javascript:…")`, Flutter's `runJavaScript`): a page
  /// handler that dispatches inside it cannot deadlock the native side, as
  /// it can under `UIWebView`'s synchronous evaluation.
  case evaluatesAsynchronously = "evaluates-asynchronously"

  /// The side the fact is about.
  package var side: PeerSide {
    switch self {
    case .ignoresUnknownResponseIDs, .requestDataNullReadsAsAbsent, .responseDataNullReadsAsAbsent,
      .evaluatesAsynchronously:
      .native
    }
  }

  /// The fact in words, completing "every native side of the dialect …".
  package var phrase: String {
    switch self {
    case .ignoresUnknownResponseIDs: "ignores a response whose id matches no pending callback"
    case .requestDataNullReadsAsAbsent: "hands a request's null data to its handler as absent data"
    case .responseDataNullReadsAsAbsent: "hands an answer's null data to its callback as absent data"
    case .evaluatesAsynchronously: "delivers messages with an evaluation that never blocks it"
    }
  }
}

/// One fact of a profile's `peers` member, with the evidence: where the
/// real code of that side shows it.
package struct StatedPeerFact: Sendable, Hashable {
  /// The fact.
  package var fact: PeerFact
  /// Where it was read (project, version, file and function), in words.
  package var evidence: String

  /// Creates a stated fact.
  package init(_ fact: PeerFact, evidence: String) {
    self.fact = fact
    self.evidence = evidence
  }
}

extension BridgeProfile {
  /// The stated fact `fact`, if the profile states it.
  package func stated(_ fact: PeerFact) -> StatedPeerFact? { peers.first { $0.fact == fact } }
}
