import AdapterHosting
import BridgecheckAdapter
import Dialects
import JSONModel
import ReferenceBridges

/// bridgecheck's reference native bridge (``NativeBridge``) behind the
/// adapter protocol: what `bridgecheck-reference-adapter` (and its alias
/// `bridgecheck reference-adapter`) serves. It is the
/// same bridge as ``ReferenceNativeImplementation``, driving the proxy web
/// view instead of the simulated one, so both paths must give the same
/// verdicts (and the same traces).
package final class ReferenceAdapterBridge: AdapterBridge {
  private let bridge: NativeBridge

  /// The server for the reference bridge, with `faults` switched on
  /// (mutation testing; unknown names are ignored).
  package static func server(faults: [String] = []) -> AdapterServer {
    let faultSet = Set(faults.compactMap(NativeBridgeFault.init(rawValue:)))
    let name = faultSet.isEmpty ? "reference" : "reference+" + faultSet.map(\.rawValue).sorted().joined(separator: "+")
    let info = AdapterInfo(
      name: name, version: nil, transports: Transport.allCases, injections: Injection.allCases,
      features: [ImplementationFeature.answerMissingHandler])
    return AdapterServer(info: info) { context in ReferenceAdapterBridge(context: context, faults: faultSet) }
  }

  /// Builds the bridge on the context's proxy web view.
  package init(context: AdapterContext, faults: Set<NativeBridgeFault> = []) {
    let configuration = context.configuration
    var options = NativeBridgeOptions(configuration: configuration, pageScript: context.pageScript)
    options.faults = faults
    bridge = NativeBridge(webView: context.webView, options: options)
    let log = context.log
    bridge.logHandler = { entry in log(entry.level.rawValue, entry.code.rawValue, entry.message) }
  }

  package func registerHandler(_ name: String, handler: @escaping AdapterBridgeHandler) {
    bridge.registerHandler(name) { data, respond in handler(data, respond) }
  }

  package func removeHandler(_ name: String) {
    bridge.removeHandler(name)
  }

  package func callHandler(_ name: String, data: JSONValue?, responseCallback: ((JSONValue?) -> Void)?) {
    bridge.callHandler(name, data: data, responseCallback: responseCallback)
  }

  package func reset() {
    bridge.reset()
  }

  package func disableSafetyTimeout() {
    bridge.disableJavascriptAlertBoxSafetyTimeout()
  }
}
