extension EnvironmentScriptParts {
  /// The structured clone of `postMessage` between a page and its workers,
  /// as WebKit makes it (measured in WebKitGTK 2.50, see
  /// `Tests/WebKitEngineTests/WebKitHost+WorkerFidelity.swift`).
  ///
  /// `serializeClone(value, transfer)` turns a value of this realm into text
  /// (JSON of a tagged tree) and `deserializeClone(text)` rebuilds it in
  /// another realm: primitives (with `undefined`, `NaN`, `-0`, infinities and
  /// BigInts), plain objects and arrays (own enumerable string keys, in
  /// order, getters read once; `__proto__` stays an own key), `Date`,
  /// `RegExp`, `Map`, `Set`, `ArrayBuffer`, typed arrays and `DataView`
  /// (sharing their buffer), errors (name, message, stack), wrapper objects,
  /// `Blob`s, and the same object reached twice (cycles included). A
  /// function, a symbol, or an object of the platform (an element, the
  /// window, a worker, an event) throws a `DataCloneError`, as in WebKit. A
  /// `transfer` list of `ArrayBuffer`s leaves them detached.
  ///
  /// Needs `platformObjects` (the events part), `blobBytes`, `makeBlob`,
  /// `bytesOfView` and `codeAt` (the blobs part).
  static let clone = environmentScripts.text(of: "environment-clone.js")
}
