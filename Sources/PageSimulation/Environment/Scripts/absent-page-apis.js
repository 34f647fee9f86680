  function absent(target, prefix, names) {
    names.forEach(function (name) {
      if (name in target) return;
      defineProperty(target, name, {
        configurable: true, enumerable: false,
        get: function () { host.missing(prefix + name); return undefined; },
        set: function (value) {
          // A global `var` of the name assigns through the global object, whatever `this` the engine passes.
          var owner = (typeof this === 'object' && this !== null) || typeof this === 'function' ? this : target;
          defineProperty(owner, name, { value: value, writable: true, enumerable: true, configurable: true });
        }
      });
    });
  }
