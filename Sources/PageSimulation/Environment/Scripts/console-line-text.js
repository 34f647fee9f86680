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
