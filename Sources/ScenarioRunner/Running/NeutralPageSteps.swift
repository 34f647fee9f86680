import BridgeImplementations
import Dialects

/// The page side of the dialect-neutral steps: what a page of the dialect
/// does to ask for the bridge, written from the profile, so that a fixture
/// says "the page asks for injection" instead of spelling a URL.
enum NeutralPageSteps {
  /// The page-side script of `page.requestInjection` in `profile`: a
  /// navigation to the first bridge-loaded URL, or a post to the injection
  /// handler; nil when the page of the dialect cannot ask (the native side
  /// injects by itself: document start or end, after load).
  static func requestInjection(profile: BridgeProfile) -> String? {
    for mode in profile.injectionModes {
      switch mode {
      case .bridgeLoaded:
        return "\(HarnessPageScript.helperGlobal).navigate(\(profile.bridgeLoadedURL.jsonLiteral), \"iframe\");"
      case .onPost:
        return "window.webkit.messageHandlers[\(profile.injectHandlerName.jsonLiteral)].postMessage(null);"
      default:
        continue
      }
    }
    return nil
  }

  /// Why `page.requestInjection` cannot be played in `profile`, or nil.
  static func requestInjectionSkip(profile: BridgeProfile) -> String? {
    guard requestInjection(profile: profile) == nil else { return nil }
    return "the fixture has the page ask for injection (page.requestInjection), and in the profile \(profile.name) "
      + "the native side injects by itself (injections[].kind "
      + "\(profile.injectionModes.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), no bridge-loaded URL or on-post handler)"
  }

  /// Why `page.signal` cannot be played in `profile` over `transport`, or nil.
  static func signalSkip(profile: BridgeProfile, transport: Transport?) -> String? {
    if profile.queue != .fetch && profile.queue != .navigation {
      return "the fixture has the page send an empty queue signal (page.signal), and in the profile \(profile.name) "
        + "every signal carries messages (\"queue\": {\"return\": \"\(profile.queue.rawValue)\"})"
    }
    if transport != .iframe && transport != .messageHandlers && transport?.isNavigation != true {
      return "the fixture has the page send an empty queue signal (page.signal), which the harness can send over "
        + "navigations and message handlers only; the profile \(profile.name) signals over \(transport?.rawValue ?? "nothing")"
    }
    return nil
  }
}
