// A page bridge that throws before defining anything.
throw new TypeError('this bridge cannot start');
