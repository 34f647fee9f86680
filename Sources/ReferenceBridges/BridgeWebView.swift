import PageSimulation

/// The web view ``NativeBridge`` drives: a ``WebViewHost`` (the former name,
/// kept for Swift ports that use the `BridgeImplementations` library). The
/// simulated web view, the adapter's proxy web view and the exploration
/// mutants' faulty view all conform to it.
package typealias BridgeWebView = WebViewHost
