  function VirtualDate() {
    if (!new.target) return new RealDate(host.now()).toString();
    var args = arguments.length === 0 ? [host.now()] : arraySlice.call(arguments);
    return Reflect.construct(RealDate, args, new.target);
  }
  VirtualDate.prototype = RealDate.prototype;
  VirtualDate.now = function now() { return host.now(); };
  VirtualDate.parse = RealDate.parse;
  VirtualDate.UTC = RealDate.UTC;
  hidden(RealDate.prototype, 'constructor', VirtualDate);
  hidden(global, 'Date', VirtualDate);
  hidden(global, 'performance', { now: function now() { return host.pageTime(); } });
  hidden(Math, 'random', function random() { return host.random(); });
  defineProperty(global, 'WebAssembly', {
    configurable: true, enumerable: false,
    get: function () { host.unavailable('WebAssembly'); return undefined; },
    set: function () {}
  });
