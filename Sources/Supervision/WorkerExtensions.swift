import BridgeImplementations
import JSONModel
import Synchronization

/// The run modes and native sides a worker process knows besides its own:
/// registered by the features that bring them (schedule exploration
/// registers itself from the `Exploration` module), so that a new one needs
/// no edit of the supervisor. Register before the worker reads its first
/// configuration.
package enum WorkerExtensions {
  /// Makes the native side of a registered kind from its settings; nil when
  /// the settings name nothing it knows.
  package typealias NativeMaker = @Sendable (_ settings: JSONValue) -> (any NativeImplementation)?

  private struct Registry {
    var runModes: [String: any WorkerRunMode.Type] = [:]
    var natives: [String: NativeMaker] = [:]
  }

  private static let registry = Mutex(Registry())

  /// Registers a run mode under its ``WorkerRunMode/name``.
  package static func register(runMode: any WorkerRunMode.Type) {
    registry.withLock { $0.runModes[runMode.name] = runMode }
  }

  /// Registers a kind of native side (``WorkerConfiguration/Native/registered(kind:settings:)``).
  package static func register(nativeKind kind: String, make: @escaping NativeMaker) {
    registry.withLock { $0.natives[kind] = make }
  }

  /// The registered run mode whose name is a member of `object`, read from its settings.
  static func runMode(in object: JSONObject) -> (any WorkerRunMode)? {
    let modes = registry.withLock { $0.runModes }
    for (name, mode) in modes.sorted(by: { $0.key < $1.key }) {
      if let settings = object[name], let made = mode.init(settings: settings) { return made }
    }
    return nil
  }

  /// The native side of a registered kind, or nil when the kind is not
  /// registered or its settings name nothing it knows.
  static func native(kind: String, settings: JSONValue) -> (any NativeImplementation)? {
    registry.withLock { $0.natives[kind] }?(settings)
  }
}
