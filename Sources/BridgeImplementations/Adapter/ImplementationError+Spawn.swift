import ProcessSupport

extension ImplementationError {
  /// The adapter process could not be started: `spawn-failed`, naming the adapter.
  init(spawning error: SpawnError) {
    self.init(code: "spawn-failed", message: error.message(naming: "the adapter"))
  }
}
