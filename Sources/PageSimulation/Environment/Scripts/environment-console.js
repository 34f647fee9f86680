$describe$
  // A line is cut here, before it leaves the engine (the host cuts again
  // at the same length, in case this is ever bypassed).
  var consoleLineLength = host.consoleLineLength;
  function format(args) {
    var parts = [];
    var length = 0;
    for (var i = 0; i < args.length && length <= consoleLineLength; i++) {
      var part = describe(args[i]);
      parts.push(part);
      length += part.length + 1;
    }
    return parts.join(' ');
  }
  var consoleObject = {};
  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    consoleObject[level] = function () { host.console(level, format(arguments)); };
  });
  hidden(global, 'console', consoleObject);
