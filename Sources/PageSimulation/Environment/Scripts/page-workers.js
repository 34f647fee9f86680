  var workerIds = new WeakMap();
  var workerObjects = ObjectCreate(null);
  var workerHandlerSlots = new WeakMap();
  function workerIdOf(receiver, member) {
    var id = receiver !== null && typeof receiver === 'object' ? workerIds.get(receiver) : undefined;
    if (id === undefined) throw new TypeError('Can only call Worker.' + member + ' on instances of Worker');
    return id;
  }
  function WorkerConstructor(url, options) {
    if (!new.target) throw new TypeError("Constructor requires 'new' operator");
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var name = '';
    var type = 'classic';
    if (options !== undefined && options !== null) {
      if (typeof options !== 'object' && typeof options !== 'function') throw new TypeError('Type error');
      if (options.name !== undefined) name = String(options.name);
      if (options.type !== undefined) type = String(options.type);
      if (type !== 'classic' && type !== 'module') throw new TypeError('Type error');
    }
    var id = host.workerCreate(String(url), name, type);
    workerIds.set(this, id);
    workerHandlerSlots.set(this, { onmessage: null, onerror: null, onmessageerror: null });
    platformObjects.add(this);
    workerObjects[id] = this;
  }
  var workerPrototype = WorkerConstructor.prototype;
  ['onmessage', 'onerror', 'onmessageerror'].forEach(function (attribute) {
    defineProperty(workerPrototype, attribute, {
      get: function () {
        var slots = workerHandlerSlots.get(this);
        return slots ? slots[attribute] : undefined;
      },
      set: function (value) {
        var slots = workerHandlerSlots.get(this);
        if (slots) slots[attribute] = (typeof value === 'object' && value !== null) || typeof value === 'function' ? value : null;
      },
      enumerable: true, configurable: true
    });
  });
  hidden(workerPrototype, 'postMessage', function postMessage(message, transfer) {
    var id = workerIdOf(this, 'postMessage');
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    host.workerPost(id, serializeClone(message, transfer));
  });
  hidden(workerPrototype, 'terminate', function terminate() {
    host.workerTerminate(workerIdOf(this, 'terminate'));
  });
  hidden(workerPrototype, 'addEventListener', addEventListener);
  hidden(workerPrototype, 'removeEventListener', removeEventListener);
  hidden(workerPrototype, 'dispatchEvent', dispatchEvent);
  defineProperty(workerPrototype, Symbol.toStringTag, { value: 'Worker', configurable: true });
  hidden(workerPrototype, 'constructor', WorkerConstructor);
  defineProperty(WorkerConstructor, 'name', { value: 'Worker' });
  hidden(global, 'Worker', WorkerConstructor);

  function workerMessage(id, text) {
    var worker = workerObjects[id];
    if (!worker) return;
    var data;
    try {
      data = deserializeClone(text);
    } catch (failure) {
      fire(worker, 'messageerror', false, false, { data: null, origin: '', lastEventId: '', source: null, ports: [] },
        MessageEventConstructor);
      return;
    }
    fire(worker, 'message', false, false, { data: data, origin: '', lastEventId: '', source: null, ports: [] },
      MessageEventConstructor);
  }
  function workerFailed(id, message, filename, line, column) {
    var worker = workerObjects[id];
    if (!worker) return false;
    return fire(worker, 'error', false, true,
      { message: message, filename: filename, lineno: line, colno: column, error: null }, ErrorEventConstructor);
  }
  function workerNotLoaded(id) {
    var worker = workerObjects[id];
    if (worker) fire(worker, 'error', false, true, {});
  }
