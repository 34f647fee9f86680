  var blobState = new WeakMap();
  var isArrayBuffer = (function () {
    var byteLength = uncurry(ownDescriptor(ArrayBuffer.prototype, 'byteLength').get);
    return function (value) { try { byteLength(value); return true; } catch (notOne) { return false; } };
  })();
  var BytesOf = Uint8Array;
  var arrayFrom = Array.from;
  var isBufferView = ArrayBuffer.isView;
  var truncate = Math.trunc;
  var byteFromCode = String.fromCharCode;
  var codeAt = uncurry(String.prototype.charCodeAt);

  // UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as WebKit encodes it).
  function utf8Bytes(text) {
    var out = '';
    for (var i = 0; i < text.length; i++) {
      var code = codeAt(text, i);
      if (code >= 0xD800 && code <= 0xDBFF && i + 1 < text.length) {
        var next = codeAt(text, i + 1);
        if (next >= 0xDC00 && next <= 0xDFFF) {
          code = 0x10000 + ((code - 0xD800) << 10) + (next - 0xDC00);
          i++;
        }
      }
      if (code >= 0xD800 && code <= 0xDFFF) code = 0xFFFD;
      if (code < 0x80) out += byteFromCode(code);
      else if (code < 0x800) out += byteFromCode(0xC0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000) out += byteFromCode(0xE0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else out += byteFromCode(0xF0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return out;
  }
  // A string of UTF-8 bytes decoded (a malformed sequence becomes U+FFFD).
  function utf8Text(bytes) {
    var out = '';
    for (var i = 0; i < bytes.length;) {
      var first = codeAt(bytes, i);
      var need = first < 0x80 ? 0 : first >= 0xC2 && first <= 0xDF ? 1 : first >= 0xE0 && first <= 0xEF ? 2
        : first >= 0xF0 && first <= 0xF4 ? 3 : -1;
      if (need < 0) { out += '\uFFFD'; i++; continue; }
      var code = need === 0 ? first : first & (0x3F >> need);
      var j = 1;
      for (; j <= need && i + j < bytes.length; j++) {
        var byte = codeAt(bytes, i + j);
        var low = j === 1 ? (first === 0xE0 ? 0xA0 : first === 0xF0 ? 0x90 : 0x80) : 0x80;
        var high = j === 1 ? (first === 0xED ? 0x9F : first === 0xF4 ? 0x8F : 0xBF) : 0xBF;
        if (byte < low || byte > high) break;
        code = (code << 6) | (byte & 63);
      }
      if (j <= need) { out += '\uFFFD'; i += j; continue; }
      out += code >= 0x10000 ? byteFromCode(0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF))
        : byteFromCode(code);
      i += need + 1;
    }
    return out;
  }
  function bytesOfView(view) {
    var bytes = new BytesOf(view.buffer, view.byteOffset, view.byteLength);
    var out = '';
    for (var i = 0; i < bytes.length; i += 8192) {
      out += byteFromCode.apply(null, arraySlice.call(bytes.subarray(i, i + 8192)));
    }
    return out;
  }
  function blobType(type) {
    for (var i = 0; i < type.length; i++) {
      var code = codeAt(type, i);
      if (code < 0x20 || code > 0x7E) return '';
    }
    return type.toLowerCase();
  }

  function BlobConstructor(parts, options) {
    if (!new.target) throw new TypeError("Constructor requires 'new' operator");
    var bytes = '';
    if (parts !== undefined) {
      if (parts === null || typeof parts !== 'object' || typeof parts[Symbol.iterator] !== 'function') {
        throw new TypeError('Value is not a sequence');
      }
      var list = arrayFrom(parts);
      for (var i = 0; i < list.length; i++) {
        var part = list[i];
        var state = blobState.get(part);
        if (state) bytes += state.bytes;
        else if (isArrayBuffer(part)) bytes += bytesOfView(new BytesOf(part));
        else if (isBufferView(part)) bytes += bytesOfView(part);
        else bytes += utf8Bytes(String(part));
      }
    }
    var type = options !== undefined && options !== null && options.type !== undefined ? blobType(String(options.type)) : '';
    blobState.set(this, { bytes: bytes, type: type });
  }
  function makeBlob(bytes, type) {
    var blob = ObjectCreate(BlobConstructor.prototype);
    blobState.set(blob, { bytes: bytes, type: type });
    return blob;
  }
  function blobBytes(value) { return blobState.get(value); }
  function stateOfBlob(blob, member) {
    var state = blobState.get(blob);
    if (!state) throw new TypeError('The Blob.' + member + ' getter can only be used on instances of Blob');
    return state;
  }
  var blobPrototype = BlobConstructor.prototype;
  defineProperty(blobPrototype, 'size', { get: function () { return stateOfBlob(this, 'size').bytes.length; }, configurable: true });
  defineProperty(blobPrototype, 'type', { get: function () { return stateOfBlob(this, 'type').type; }, configurable: true });
  hidden(blobPrototype, 'text', function text() {
    var state = stateOfBlob(this, 'text');
    return Promise.resolve(utf8Text(state.bytes));
  });
  hidden(blobPrototype, 'arrayBuffer', function arrayBuffer() {
    var bytes = stateOfBlob(this, 'arrayBuffer').bytes;
    var array = new BytesOf(bytes.length);
    for (var i = 0; i < bytes.length; i++) array[i] = codeAt(bytes, i);
    return Promise.resolve(array.buffer);
  });
  hidden(blobPrototype, 'slice', function slice(start, end, contentType) {
    var bytes = stateOfBlob(this, 'slice').bytes;
    function clamp(position, fallback) {
      if (position === undefined) return fallback;
      var number = truncate(Number(position)) || 0;
      return number < 0 ? Math.max(bytes.length + number, 0) : Math.min(number, bytes.length);
    }
    var from = clamp(start, 0), to = clamp(end, bytes.length);
    return makeBlob(bytes.slice(from, Math.max(from, to)), contentType === undefined ? '' : blobType(String(contentType)));
  });
  defineProperty(blobPrototype, Symbol.toStringTag, { value: 'Blob', configurable: true });
  hidden(blobPrototype, 'constructor', BlobConstructor);
  defineProperty(BlobConstructor, 'name', { value: 'Blob' });
  hidden(global, 'Blob', BlobConstructor);

  var urlState = new WeakMap();
  function urlParts(receiver, member) {
    var parts = urlState.get(receiver);
    if (!parts) throw new TypeError('The URL.' + member + ' getter can only be used on instances of URL');
    return parts;
  }
  function URLConstructor(url, base) {
    if (!new.target) throw new TypeError("Constructor requires 'new' operator");
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var text = String(url);
    var parts = host.parseURL(text, base === undefined ? null : String(base));
    if (parts === null || parts === undefined) throw new TypeError('"' + text + '" cannot be parsed as a URL.');
    urlState.set(this, parts);
  }
  var urlPrototype = URLConstructor.prototype;
  ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']
    .forEach(function (member) {
      defineProperty(urlPrototype, member, {
        get: function () { return urlParts(this, member)[member]; },
        set: member === 'origin' ? undefined : function (value) {
          if (member !== 'href') {
            host.missing('URL.prototype.' + member + ' (setting it)');
            return;
          }
          var parts = host.parseURL(String(value), null);
          if (parts === null || parts === undefined) throw new TypeError('"' + String(value) + '" cannot be parsed as a URL.');
          urlParts(this, member);
          urlState.set(this, parts);
        },
        enumerable: true, configurable: true
      });
    });
  hidden(urlPrototype, 'toString', function toString() { return urlParts(this, 'toString').href; });
  hidden(urlPrototype, 'toJSON', function toJSON() { return urlParts(this, 'toJSON').href; });
  hidden(urlPrototype, 'constructor', URLConstructor);
  defineProperty(URLConstructor, 'name', { value: 'URL' });
  hidden(URLConstructor, 'createObjectURL', function createObjectURL(blob) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var state = blobState.get(blob);
    if (!state) throw new TypeError('Type error');
    return host.createObjectURL(state.bytes, state.type);
  });
  hidden(URLConstructor, 'revokeObjectURL', function revokeObjectURL(url) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    host.revokeObjectURL(String(url));
  });
  hidden(global, 'URL', URLConstructor);
