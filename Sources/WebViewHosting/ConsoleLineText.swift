/// How a console line writes the values it was given, the same in every
/// engine: a string as itself, an error as `name: message`, a function as
/// `function name`, `undefined`, then JSON, then `String(value)`. JavaScript
/// source of a function `describe(value)`, for a scope that has `stringify`
/// (`JSON.stringify`, captured). A literal rather than a `.js` resource:
/// both engines use it, and this module loads no resources (it has no
/// JavaScript engine to check them with).
package enum ConsoleLineText {
  /// The source of `describe(value)`.
  package static let describeFunction = #"""
      function describe(value) {
        if (typeof value === 'string') return value;
        try {
          if (value instanceof Error) return value.name + ': ' + value.message;
          if (typeof value === 'function') return 'function ' + (value.name || '(anonymous)');
          if (value === undefined) return 'undefined';
          var text = stringify(value);
          if (text !== undefined) return text;
          return String(value);
        } catch (error) {
          try { return String(value); } catch (again) { return '[unprintable]'; }
        }
      }
    """#
}
