(function () {
  var toSource = Function.prototype.toString;
  var seen = new Map();
  var lines = [];
  function hash(text) {
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
    return ('0000000' + h.toString(16)).slice(-8);
  }
  function fn(f, path) {
    if (typeof f !== 'function') return typeof f;
    if (seen.has(f)) return 'same as ' + seen.get(f);
    seen.set(f, path);
    return 'function ' + JSON.stringify(f.name) + '/' + f.length + ' ' + hash(toSource.call(f));
  }
  function walk(label, object) {
    Reflect.ownKeys(object).forEach(function (key) {
      var d = Object.getOwnPropertyDescriptor(object, key);
      var path = label + '.' + String(key);
      var flags = (d.enumerable ? 'e' : '-') + (d.configurable ? 'c' : '-');
      if ('value' in d) lines.push(path + ' data ' + flags + (d.writable ? 'w' : '-') + ' ' + fn(d.value, path));
      else lines.push(path + ' accessor ' + flags + ' get ' + fn(d.get, path + ' get') + ' set ' + fn(d.set, path + ' set'));
    });
  }
  var div = document.createElement('div');
  var frame = document.createElement('iframe');
  var collection = document.getElementsByTagName('p');
  var nodeList = document.querySelectorAll('p');
  var objects = [
    ['window', window], ['document', document], ['element', div], ['iframe', frame],
    ['elementPrototype', Object.getPrototypeOf(div)], ['iframePrototype', Object.getPrototypeOf(frame)],
    ['documentElement', document.documentElement], ['head', document.head], ['body', document.body],
    ['navigator', navigator], ['location', location], ['console', console], ['performance', performance],
    ['webkit', webkit], ['messageHandlers', webkit.messageHandlers],
    ['collectionPrototype', Object.getPrototypeOf(collection)],
    ['listPrototype', Object.getPrototypeOf(Object.getPrototypeOf(collection))],
    ['nodeListPrototype', Object.getPrototypeOf(nodeList)],
    ['Event', Event], ['Event.prototype', Event.prototype], ['event', new Event('x')],
    ['CustomEvent', CustomEvent], ['CustomEvent.prototype', CustomEvent.prototype],
    ['MessageEvent', MessageEvent], ['MessageEvent.prototype', MessageEvent.prototype],
    ['ErrorEvent', ErrorEvent], ['ErrorEvent.prototype', ErrorEvent.prototype],
    ['Blob', Blob], ['Blob.prototype', Blob.prototype], ['URL', URL], ['URL.prototype', URL.prototype],
    ['Worker', Worker], ['Worker.prototype', Worker.prototype], ['Date', Date], ['Date.prototype', Date.prototype],
    ['Math', Math], ['Promise', Promise], ['Promise.prototype', Promise.prototype]
  ];
  objects.forEach(function (entry) { walk(entry[0], entry[1]); });
  lines.push('Object.keys(window) ' + Object.keys(window).join(','));
  lines.push('Object.keys(document) ' + Object.keys(document).join(','));
  lines.push('Object.keys(element) ' + Object.keys(div).join(','));
  lines.push('JSON element ' + JSON.stringify(div));
  lines.push('JSON location ' + JSON.stringify(location));
  // Where errors thrown by the environment say they come from (their line, column and stack).
  function thrown(label, action) {
    try { action(); lines.push(label + ' no error'); } catch (e) {
      lines.push(label + ' ' + e.name + ' ' + e.sourceURL + ':' + e.line + ':' + e.column);
      lines.push(label + ' stack ' + String(e.stack).split('\n').join(' | '));
    }
  }
  thrown('createEvent()', function () { document.createEvent(); });
  thrown('Worker()', function () { new Worker(); });
  thrown('Blob(1)', function () { new Blob(1); });
  thrown('URL()', function () { new URL('no url'); });
  thrown('dispatchEvent twice', function () { var e = new Event('x'); e.initEvent; document.createEvent('Event').initEvent; document.dispatchEvent(document.createEvent('Event')); });
  var worker = new Worker(URL.createObjectURL(new Blob([''], { type: 'text/javascript' })));
  thrown('postMessage(function)', function () { worker.postMessage({ nested: new Map([['f', function () {}]]) }); });
  thrown('postMessage(transfer)', function () { worker.postMessage(1, [1]); });
  thrown('sentinel setter', function () { var o = Object.preventExtensions(Object.create(document.body)); o.innerHTML = 'x'; });
  return lines.join('\n');
})()
