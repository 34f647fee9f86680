  var cloneKeys = Object.keys;
  var cloneIsArray = Array.isArray;
  var cloneStringify = JSON.stringify;
  var cloneParse = JSON.parse;
  var CloneMap = Map, CloneSet = Set, CloneArray = Array, CloneBigInt = BigInt;
  var CloneRegExp = RegExp, CloneArrayBuffer = ArrayBuffer, CloneDataView = DataView, CloneDate = RealDate;
  var cloneObjectToString = uncurry(Object.prototype.toString);
  var mapGet = uncurry(Map.prototype.get), mapSet = uncurry(Map.prototype.set);
  var mapHas = uncurry(Map.prototype.has), mapForEach = uncurry(Map.prototype.forEach);
  var setAdd = uncurry(Set.prototype.add), setHas = uncurry(Set.prototype.has), setForEach = uncurry(Set.prototype.forEach);
  var dateGetTime = uncurry(RealDate.prototype.getTime);
  var regExpSource = uncurry(ownDescriptor(RegExp.prototype, 'source').get);
  var regExpFlags = uncurry(ownDescriptor(RegExp.prototype, 'flags').get);
  var bufferByteLength = uncurry(ownDescriptor(ArrayBuffer.prototype, 'byteLength').get);
  var bufferTransfer = ArrayBuffer.prototype.transfer ? uncurry(ArrayBuffer.prototype.transfer) : null;
  var detachedGetter = ownDescriptor(ArrayBuffer.prototype, 'detached');
  var bufferDetached = detachedGetter ? uncurry(detachedGetter.get) : function () { return false; };
  var CloneObject = Object;
  var errorConstructors = { Error: Error, EvalError: EvalError, RangeError: RangeError, ReferenceError: ReferenceError,
    SyntaxError: SyntaxError, TypeError: TypeError, URIError: URIError };
  var TypedArray = Object.getPrototypeOf(Uint8Array);
  var typedArrayName = uncurry(ownDescriptor(TypedArray.prototype, Symbol.toStringTag).get);
  var typedArrayBuffer = uncurry(ownDescriptor(TypedArray.prototype, 'buffer').get);
  var typedArrayOffset = uncurry(ownDescriptor(TypedArray.prototype, 'byteOffset').get);
  var typedArrayLength = uncurry(ownDescriptor(TypedArray.prototype, 'length').get);
  var viewBuffer = uncurry(ownDescriptor(DataView.prototype, 'buffer').get);
  var viewOffset = uncurry(ownDescriptor(DataView.prototype, 'byteOffset').get);
  var viewLength = uncurry(ownDescriptor(DataView.prototype, 'byteLength').get);
  var booleanValue = uncurry(Boolean.prototype.valueOf), numberValue = uncurry(Number.prototype.valueOf);
  var stringValue = uncurry(String.prototype.valueOf), bigintValue = uncurry(BigInt.prototype.valueOf);
  var hasOwnKey = uncurry(Object.prototype.hasOwnProperty);
  var typedArrays = {
    Int8Array: Int8Array, Uint8Array: Uint8Array, Uint8ClampedArray: Uint8ClampedArray, Int16Array: Int16Array,
    Uint16Array: Uint16Array, Int32Array: Int32Array, Uint32Array: Uint32Array, Float32Array: Float32Array,
    Float64Array: Float64Array, BigInt64Array: BigInt64Array, BigUint64Array: BigUint64Array
  };
  var ByteArray = Uint8Array;

  function cloneError(message) {
    return domError('DataCloneError', message || 'The object can not be cloned.', 25);
  }
  // Whether `value` has the internal slot that `read` needs (a brand check
  // that Symbol.toStringTag cannot fake).
  function branded(read, value) {
    try { read(value); return true; } catch (notOne) { return false; }
  }
  function bufferOfBytes(text) {
    var buffer = new CloneArrayBuffer(text.length);
    var bytes = new ByteArray(buffer);
    for (var i = 0; i < text.length; i++) bytes[i] = codeAt(text, i);
    return buffer;
  }
  function encodeNumber(number) {
    if (number !== number) return ['n', 'NaN'];
    if (number === Infinity) return ['n', 'Infinity'];
    if (number === -Infinity) return ['n', '-Infinity'];
    if (number === 0 && 1 / number < 0) return ['n', '-0'];
    return number;
  }

  function serializeClone(value, transfer) {
    var transferred = transferList(transfer);
    var memo = new CloneMap();
    var count = 0;
    function keyed(tree, object) {
      var keys = cloneKeys(object);
      for (var i = 0; i < keys.length; i++) {
        tree[tree.length] = keys[i];
        tree[tree.length] = encode(object[keys[i]]);
      }
      return tree;
    }
    function encode(v) {
      switch (typeof v) {
        case 'undefined': return ['u'];
        case 'boolean': case 'string': return v;
        case 'number': return encodeNumber(v);
        case 'bigint': return ['bi', String(v)];
        case 'symbol': case 'function': throw cloneError();
      }
      if (v === null) return null;
      var seen = mapGet(memo, v);
      if (seen !== undefined) return ['r', seen];
      if (platformObjects.has(v)) throw cloneError();
      mapSet(memo, v, count++);
      if (cloneIsArray(v)) return keyed(['a', v.length], v);
      if (branded(dateGetTime, v)) return ['d', encodeNumber(dateGetTime(v))];
      if (branded(regExpSource, v)) return ['re', regExpSource(v), regExpFlags(v)];
      if (branded(bufferByteLength, v)) {
        if (bufferDetached(v) || (mapHas(transferred, v) && !bufferTransfer)) throw cloneError();
        return ['ab', bytesOfView(new ByteArray(v))];
      }
      if (branded(typedArrayName, v) && typedArrayName(v) !== undefined) {
        return ['ta', typedArrayName(v), encode(typedArrayBuffer(v)), typedArrayOffset(v), typedArrayLength(v)];
      }
      if (branded(viewBuffer, v)) return ['dv', encode(viewBuffer(v)), viewOffset(v), viewLength(v)];
      if (branded(mapHas, v)) {
        var entries = ['m'];
        mapForEach(v, function (entryValue, entryKey) {
          entries[entries.length] = encode(entryKey);
          entries[entries.length] = encode(entryValue);
        });
        return entries;
      }
      if (branded(setHas, v)) {
        var members = ['st'];
        setForEach(v, function (member) { members[members.length] = encode(member); });
        return members;
      }
      if (branded(booleanValue, v)) return ['B', booleanValue(v)];
      if (branded(numberValue, v)) return ['N', encodeNumber(numberValue(v))];
      if (branded(stringValue, v)) return ['S', stringValue(v)];
      if (branded(bigintValue, v)) return ['BI', String(bigintValue(v))];
      var blob = blobBytes(v);
      if (blob !== undefined) return ['blob', blob.bytes, blob.type];
      if (cloneObjectToString(v) === '[object Error]') {
        var name = String(v.name);
        var message = hasOwnKey(v, 'message') ? String(v.message) : undefined;
        var stack = typeof v.stack === 'string' ? v.stack : undefined;
        return ['e', hasOwnKey(errorConstructors, name) ? name : 'Error', message === undefined ? ['u'] : message,
          stack === undefined ? ['u'] : stack];
      }
      return keyed(['o'], v);
    }
    var text = cloneStringify(encode(value));
    mapForEach(transferred, function (ignored, buffer) { bufferTransfer(buffer); });
    return text;
  }

  // The buffers a transfer list (or `{transfer: […]}`) names, checked as WebKit does.
  function transferList(transfer) {
    var buffers = new CloneMap();
    if (transfer === undefined || transfer === null) return buffers;
    if (typeof transfer !== 'object') throw new TypeError('Type error');
    var list = cloneIsArray(transfer) ? transfer : transfer.transfer;
    if (list === undefined) return buffers;
    if (!cloneIsArray(list)) throw new TypeError('Type error');
    for (var i = 0; i < list.length; i++) {
      var item = list[i];
      if (item === null || typeof item !== 'object') throw new TypeError('Type error');
      if (!branded(bufferByteLength, item)) throw cloneError();
      if (mapHas(buffers, item)) throw cloneError('Duplicate transferable for structured clone');
      if (bufferDetached(item)) throw cloneError();
      mapSet(buffers, item, true);
    }
    return buffers;
  }

  function deserializeClone(text) {
    var objects = [];
    function remember(object) {
      objects[objects.length] = object;
      return object;
    }
    function fill(object, tree, start) {
      for (var i = start; i + 1 < tree.length; i += 2) {
        defineProperty(object, tree[i], { value: decode(tree[i + 1]), writable: true, enumerable: true, configurable: true });
      }
      return object;
    }
    function decode(tree) {
      if (tree === null || typeof tree !== 'object') return tree;
      var made, slot, i;
      switch (tree[0]) {
        case 'u': return undefined;
        case 'n': return tree[1] === 'NaN' ? NaN : tree[1] === '-0' ? -0 : tree[1] === 'Infinity' ? Infinity : -Infinity;
        case 'bi': return CloneBigInt(tree[1]);
        case 'r': return objects[tree[1]];
        case 'a': return fill(remember(new CloneArray(tree[1])), tree, 2);
        case 'o': return fill(remember({}), tree, 1);
        case 'd': return remember(new CloneDate(decode(tree[1])));
        case 're': return remember(new CloneRegExp(tree[1], tree[2]));
        case 'ab': return remember(bufferOfBytes(tree[1]));
        case 'ta':
          // The view takes its place before its buffer does, as the encoder counted them.
          slot = objects.length;
          objects[slot] = undefined;
          var TypedKind = typedArrays[tree[1]];
          return objects[slot] = new TypedKind(decode(tree[2]), tree[3], tree[4]);
        case 'dv':
          slot = objects.length;
          objects[slot] = undefined;
          return objects[slot] = new CloneDataView(decode(tree[1]), tree[2], tree[3]);
        case 'm':
          made = remember(new CloneMap());
          for (i = 1; i + 1 < tree.length; i += 2) mapSet(made, decode(tree[i]), decode(tree[i + 1]));
          return made;
        case 'st':
          made = remember(new CloneSet());
          for (i = 1; i < tree.length; i++) setAdd(made, decode(tree[i]));
          return made;
        case 'B': return remember(CloneObject(tree[1]));
        case 'N': return remember(CloneObject(decode(tree[1])));
        case 'S': return remember(CloneObject(tree[1]));
        case 'BI': return remember(CloneObject(CloneBigInt(tree[1])));
        case 'blob': return remember(makeBlob(tree[1], tree[2]));
        case 'e':
          var ErrorKind = errorConstructors[tree[1]];
          made = remember(new ErrorKind());
          var message = decode(tree[2]);
          if (message !== undefined) defineProperty(made, 'message', { value: message, writable: true, configurable: true });
          var stack = decode(tree[3]);
          if (stack !== undefined) defineProperty(made, 'stack', { value: stack, writable: true, configurable: true });
          return made;
      }
      throw cloneError();
    }
    return decode(cloneParse(text));
  }
