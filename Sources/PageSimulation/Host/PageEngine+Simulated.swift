import WebViewHosting

extension PageEngine {
  /// The simulated page on a virtual clock (``SimulatedWebView``).
  package static let simulated = PageEngine(name: "simulated") { configuration, policy in
    SimulatedWebView(configuration: configuration, policy: policy)
  }
}
