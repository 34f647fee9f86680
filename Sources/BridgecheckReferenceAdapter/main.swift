// `bridgecheck-reference-adapter`: bridgecheck's reference native bridge behind the adapter
// protocol, as a program of its own. Its dependency closure is the `BridgecheckAdapter` product
// and the reference bridge: neither JavaScriptCore, WebKitGTK nor the simulator.
import ReferenceAdapter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(ReferenceAdapterCommandLine.main(Array(CommandLine.arguments.dropFirst())))
