import DialectInference
import Foundation
import JSONModel
import TestSupport
import Testing

/// A bridge whose dispatch hangs once its safety timeout is off still has the
/// switch: inference says so (and how it saw it), so that the switch's
/// scenarios run and catch the hang, whatever the engine's speed.
@Suite("Dialect inference, a switch that hangs")
struct InferenceHangingSwitchTests {
  @Test func aSwitchAfterWhichDeliveryHangsIsFound() throws {
    let file = packageRoot.appendingPathComponent("conformance/hostile/handler-loops-safety-timeout-off.js")
    let source = try String(contentsOf: file, encoding: .utf8)
    guard
      case .success(let inferred) = PageDialectInference.infer(
        source: source, file: file.lastPathComponent, shipped: InferenceSubject.shipped)
    else {
      Issue.record("inference failed")
      return
    }
    let dispatch = inferred.profile.json["dispatch"]
    #expect(dispatch?["switch"]?.stringValue == "_disableJavascriptAlertBoxSafetyTimeout")
    #expect(
      inferred.profile.json["names"]?["disableSafetyTimeout"]?.stringValue == "disableJavscriptAlertBoxSafetyTimeout")
  }
}
