import JSONModel
import JSRuntime

/// The JavaScript that instruments a simulated page for dialect inference:
/// a document-start script that records what a page bridge does, and the
/// wrapper that makes the bridge's global look-ups pass through it.
///
/// What it records (``InferenceKit/source``), as events the host takes with
/// `__bcInfer.take()`:
/// - `read`: the bridge looked up a global that does not exist (`X`,
///   `window.X`, `self.X`, `globalThis.X`), by name, with the phase;
/// - `define`: the bridge created a global;
/// - `post`: `window.webkit.messageHandlers.NAME.postMessage(body)`, any NAME
///   (the registry is a proxy: a handler the bridge asks for exists when the
///   configuration says so);
/// - `call`: a method call on a stand-in global (a host object or channel the
///   app would add: a proxy whose unknown members are recording functions
///   while a probe call runs);
/// - `prompt`: `prompt(message, text)`;
/// - `event`: an event the bridge dispatched on `document` or `window`, and
///   whether it carries the bridge;
/// - `setup-callback`: a function the configuration put in a start-up array
///   was called (and with what);
/// - `callback`, `handler`: the probe's own callbacks and handlers, with
///   their arguments and whether they ran inside the probe call (`sync`);
/// - `params-read`, `record-read`: members a bridge read from a probe's
///   argument objects.
/// Navigations are the web view's own trace events.
///
/// The bridge's global look-ups pass through the kit because the bridge runs
/// inside `with (__bcInfer.scope) { … }` (``wrap(_:)``): the scope is a
/// proxy that claims exactly the names the global object lacks, and hands
/// `window`, `self`, `globalThis`, `top`, `parent` and `frames` out as a
/// proxy of the global object. JavaScriptCore's C API installs a property
/// handler on a global object only when the context is created, which the
/// simulated page's shared runtime does not do; the `with` scope needs no
/// engine support. Its limits: a look-up through another path to the global
/// object (top-level `this`, `Function('return this')()`) is not seen, and the
/// script runs as sloppy code at its top level (a `'use strict'` directive of
/// the whole file no longer applies; those of its functions do).
enum InferenceKit {
  /// The first line of the wrapped script: the bridge's own first line is
  /// the wrapped script's second.
  static let wrapperHead = "with (__bcInfer.scope) {"

  /// The bridge's source inside the kit's scope (one line before it, one after).
  static func wrap(_ source: String) -> String {
    wrapperHead + "\n" + source + "\n}"
  }

  /// The document-start script, configured by `configuration` (a JSON object:
  /// `loadStubs` names to stand in for from the start, `fabricate` whether
  /// globals and message handlers looked up during a probe call come into
  /// being, `presetMethods` the recording methods every stand-in has from the
  /// start, `presetArrays` names to hold a start-up array with a recording
  /// function).
  static func script(configuration: JSONValue) -> String {
    "(" + source + ")(" + configuration.serialized() + ");"
  }

  static let source = ScriptResources().text(of: "inference-kit.js")
}
