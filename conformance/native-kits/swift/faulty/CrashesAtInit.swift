// A faulty bridge: its initializer stops the process (a force unwrap of a configuration that is not
// there), as a bridge that reads a missing bundle resource does. The kit's verdict must give the
// signal and Swift's fatal-error line.
import BridgecheckNativeKit
import WebKit

final class CrashesAtInit: NSObject, NativeBridgeUnderTest {
  init(webView: WKWebView) {
    let configuration = ProcessInfo.processInfo.environment["BRIDGE_CONFIGURATION_THAT_IS_NOT_SET"]
    _ = configuration!.count
  }

  func register(_ name: String, handler: @escaping (Any?, @escaping (Any?) -> Void) -> Void) {}
  func remove(_ name: String) {}
  func call(_ name: String, data: Any?, callback: ((Any?) -> Void)?) {}
  func reset() {}
}

NativeKit.serve(CrashesAtInit.self)
