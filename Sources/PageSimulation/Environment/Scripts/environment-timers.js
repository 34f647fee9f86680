  var timers = ObjectCreate(null);
  var nextTimerId = 1;
  function toDelay(delay) {
    var number = Number(delay);
    return number > 0 && number < 2147483648 ? Math.floor(number) : 0;
  }
  function addTimer(handler, delay, extra, repeat) {
    var id = nextTimerId++;
    timers[id] = { handler: handler, args: extra, repeat: repeat };
    host.setTimer(id, toDelay(delay), repeat);
    return id;
  }
  function clearTimer(id) {
    id = Number(id);
    if (timers[id]) {
      delete timers[id];
      host.clearTimer(id);
    }
  }
  hidden(global, 'setTimeout', function setTimeout(handler, delay) {
    return addTimer(handler, delay, arraySlice.call(arguments, 2), false);
  });
  hidden(global, 'setInterval', function setInterval(handler, delay) {
    return addTimer(handler, delay, arraySlice.call(arguments, 2), true);
  });
  hidden(global, 'clearTimeout', function clearTimeout(id) { clearTimer(id); });
  hidden(global, 'clearInterval', function clearInterval(id) { clearTimer(id); });
  // Every microtask is a fresh entry for the engine's watchdog, so a loop of
  // microtasks never reaches it: each promise reaction and queueMicrotask
  // callback first asks the host, which stops them at the task's time limit.
  // (A loop of bare `await`s does not go through `then` and is not caught.)
  var PromiseThen = Promise.prototype.then;
  var microtaskCheckpoint = host.microtask;
  function checked(callback) {
    if (typeof callback !== 'function') return callback;
    return function (value) {
      microtaskCheckpoint();
      return callback(value);
    };
  }
  hidden(Promise.prototype, 'then', {
    then: function (onFulfilled, onRejected) {
      return PromiseThen.call(this, checked(onFulfilled), checked(onRejected));
    }
  }.then);
  // A flood of rejections is stopped where it starts: the engine reports
  // each unhandled one to the host separately, long after the loop ran.
  var PromiseReject = Promise.reject;
  var promiseRejected = host.promiseRejected;
  hidden(Promise, 'reject', {
    reject(reason) {
      promiseRejected();
      return PromiseReject.call(this, reason);
    }
  }.reject);
  var resolvedPromise = Promise.resolve();
  hidden(global, 'queueMicrotask', function queueMicrotask(callback) {
    PromiseThen.call(resolvedPromise, function () { microtaskCheckpoint(); callback(); });
  });
  function fireTimer(id) {
    var timer = timers[id];
    if (!timer) return false;
    if (!timer.repeat) delete timers[id];
    if (typeof timer.handler === 'function') {
      timer.handler.apply(global, timer.args);
    } else {
      indirectEval(String(timer.handler));
    }
    return !!timers[id];
  }
