extension EnvironmentScriptParts {
  /// `Blob` (its bytes kept as a string of byte values), and `URL`: parsed
  /// by the host's WHATWG parser (``NavigationURL``), with
  /// `URL.createObjectURL` and `URL.revokeObjectURL` for blob URLs (what a
  /// page hands to `new Worker` or `importScripts`). Setting a component of
  /// a `URL` other than `href` is not simulated: the host notes it as an API
  /// the simulated page lacks. `blobBytes(value)` and `makeBlob(bytes, type)`
  /// are for the structured clone.
  static let blobs = environmentScripts.text(of: "environment-blobs.js")
}
