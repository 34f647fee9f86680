  var reportingError = false;
  function reportError(error, message, source, line, column) {
    if (message === undefined) message = describe(error);
    var handled = false;
    var handler = global.onerror;
    if (typeof handler === 'function') {
      try {
        handled = handler.call(global, message, source, line, column, error) === true;
      } catch (failure) {
        host.console('error', globalLabel + '.onerror threw: ' + describe(failure));
      }
    }
    reportingError = true;
    var notCanceled = true;
    try {
      notCanceled = fire(global, 'error', false, true,
        { message: message, filename: source, lineno: line, colno: column, error: error }, ErrorEventConstructor);
    } finally {
      reportingError = false;
    }
    return !handled && notCanceled;
  }
  // A listener's exception is reported (the trace records it as uncaught,
  // onerror and error listeners get it) and the dispatch goes on, as in a
  // browser; one thrown by an error listener only reaches the console.
  function listenerFailed(error) {
    if (reportingError) {
      host.console('error', 'an error event listener threw: ' + describe(error));
      return;
    }
    var where = { name: undefined, message: undefined, source: undefined, line: undefined, column: undefined };
    try {
      if (error instanceof Error) {
        where = { name: String(error.name), message: String(error.message), source: error.sourceURL,
          line: error.line, column: error.column };
      }
    } catch (unreadable) {}
    host.uncaught(where.name, where.message === undefined ? describe(error) : where.message,
      where.source, where.line, where.column);
    if (reportError(error, undefined, where.source, where.line, where.column)) {
      listenerErrorUnhandled(describe(error), where.source, where.line, where.column);
    }
  }
