  'use strict';
  var global = globalThis;
  var RealDate = Date;
  var stringify = JSON.stringify;
  var ObjectCreate = Object.create;
  var defineProperty = Object.defineProperty;
  var ownDescriptor = Object.getOwnPropertyDescriptor;
  var arraySlice = Array.prototype.slice;
  var indirectEval = eval;
  // fn.call(receiver, …) that a page replacing Function.prototype.call cannot change.
  var uncurry = Function.prototype.bind.bind(Function.prototype.call);

  function hidden(target, name, value) {
    defineProperty(target, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  // An exception named like WebKit's DOMException of that name (`code` as WebKit sets it).
  function domError(name, message, code) {
    var error = new Error(message);
    error.name = name;
    if (code !== undefined) error.code = code;
    return error;
  }
