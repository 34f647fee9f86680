/// How a console line writes the values it was given, the same in every
/// engine: a string as itself, an error as `name: message`, a function as
/// `function name`, `undefined`, then JSON, then `String(value)`. JavaScript
/// source of a function `describe(value)`, for a scope that has `stringify`
/// (`JSON.stringify`, captured).
package enum ConsoleLineText {
  /// The source of `describe(value)`.
  package static let describeFunction = environmentScripts.text(of: "console-line-text.js")
}
