import Dialects
import JSONModel

/// Applicability under URI-encoded delivery (`"delivery": "uri-json-string"`):
/// what such a dialect cannot express, decided from the rule a fixture
/// checks and what it expects.
extension DialectApplicability {
  /// The rules about how JSON text is escaped inside the delivery script's
  /// string literal (docs/protocol.md section 5).
  static let literalEscapingRules: Set<String> = ["n2p-escape-line-terminators", "n2p-escape-other-controls"]

  /// Why `fixture` cannot run in `profile` because of its URI-encoded
  /// delivery, or nil.
  static func uriDeliverySkipReason(_ fixture: Fixture, profile: BridgeProfile) -> String? {
    if profile.delivery == .uriJSONString, literalEscapingRules.contains(fixture.spec),
      fixture.expect.events.contains(where: { $0.event == "evaluate" && $0.fields.contains { $0.key == "script" } })
    {
      return
        "the fixture reads how the delivery script escapes JSON text in its string literal (rule \(fixture.spec)), "
        + "and the profile \(profile.name) delivers URI-encoded text (\"delivery\": \"uri-json-string\"), which holds no such "
        + "characters to escape"
    }
    return nil
  }
}
