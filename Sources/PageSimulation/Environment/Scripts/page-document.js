  var nextFrameId = 1;
  var documentElement;
  var documentObject;
  var ProxyConstructor = Proxy;
  var reflectGet = Reflect.get, reflectHas = Reflect.has, reflectSet = Reflect.set;
  var reflectOwnKeys = Reflect.ownKeys, reflectDescriptor = Reflect.getOwnPropertyDescriptor;

  function eventParent(target) {
    if (target === global) return null;
    if (target === documentObject) return global;
    if (target.parentNode) return target.parentNode;
    return target === documentElement ? documentObject : null;
  }

  // document.createEvent: an event that must be initialised before dispatch.
  var createdKinds = { event: EventConstructor, events: EventConstructor, htmlevents: EventConstructor,
    customevent: CustomEventConstructor };
  function createEvent(kind) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var Kind = createdKinds[String(kind).toLowerCase()];
    if (!Kind) throw domError('NotSupportedError', 'The operation is not supported.', 9);
    var event = new Kind('');
    eventState.get(event).initialized = false;
    if (Kind === CustomEventConstructor) event.detail = null;
    return event;
  }

  function isConnected(node) {
    while (node) {
      if (node === documentElement) return true;
      node = node.parentNode;
    }
    return false;
  }
  function forEachFrame(node, visit) {
    if (node.__frameId) visit(node);
    var children = node.childNodes || [];
    for (var i = 0; i < children.length; i++) forEachFrame(children[i], visit);
  }
  function connected(node) {
    forEachFrame(node, function (frame) { host.frameInserted(frame.__frameId, frame.__src); });
  }
  function disconnected(node) {
    forEachFrame(node, function (frame) { host.frameRemoved(frame.__frameId); });
  }
  function detach(child) {
    var parent = child.parentNode;
    if (!parent) return;
    var wasConnected = isConnected(parent);
    var index = parent.childNodes.indexOf(child);
    if (index >= 0) parent.childNodes.splice(index, 1);
    child.parentNode = null;
    if (wasConnected) disconnected(child);
  }

  // ---- look-ups ---------------------------------------------------------------------
  function isIndex(key) {
    return typeof key === 'string' && key !== '' && String(key >>> 0) === key && key !== '4294967295';
  }
  // The elements of `scope` in tree order: for the document, <html> and
  // everything in it; for an element, its descendants.
  function elementsIn(scope, test) {
    var found = [];
    function walk(node) {
      var children = node.childNodes || [];
      for (var i = 0; i < children.length; i++) {
        var child = children[i];
        if (child.nodeType !== 1) continue;
        if (test(child)) found.push(child);
        walk(child);
      }
    }
    if (scope === documentObject) {
      if (test(documentElement)) found.push(documentElement);
      walk(documentElement);
    } else {
      walk(scope);
    }
    return found;
  }
  function classesOf(text) {
    return String(text).split(/[ \t\n\f\r]+/).filter(function (name) { return name !== ''; });
  }
  function attributeOf(element, name) {
    return typeof element.getAttribute === 'function' ? element.getAttribute(name) : null;
  }
  // A collection whose items are what `compute()` gives at each access (live
  // when `compute` searches the tree again), shaped as WebKit's: indices,
  // `length`, `item`, `namedItem`.
  function collection(prototype, compute) {
    var target = ObjectCreate(prototype);
    var items = new ProxyConstructor(target, {
      get: function (object, key, receiver) {
        if (isIndex(key)) return compute()[Number(key)];
        if (key === 'length') return compute().length;
        return reflectGet(object, key, receiver);
      },
      has: function (object, key) {
        return isIndex(key) ? Number(key) < compute().length : reflectHas(object, key);
      },
      ownKeys: function (object) {
        var keys = [];
        for (var i = 0, count = compute().length; i < count; i++) keys.push(String(i));
        return keys.concat(reflectOwnKeys(object));
      },
      getOwnPropertyDescriptor: function (object, key) {
        if (!isIndex(key)) return reflectDescriptor(object, key);
        var item = compute()[Number(key)];
        return item === undefined ? undefined : { value: item, writable: false, enumerable: true, configurable: true };
      },
      set: function (object, key, value, receiver) {
        return isIndex(key) ? true : reflectSet(object, key, value, receiver);
      }
    });
    collectionItems.set(items, compute);
    platformObjects.add(items);
    return items;
  }
  var collectionItems = new WeakMap();
  function itemsOf(receiver) {
    var compute = collectionItems.get(receiver);
    if (!compute) throw new TypeError('Illegal invocation');
    return compute();
  }
  var listPrototype = {};
  hidden(listPrototype, 'item', function item(index) {
    var found = itemsOf(this)[Number(index) >>> 0];
    return found === undefined ? null : found;
  });
  defineProperty(listPrototype, 'length', { get: function () { return itemsOf(this).length; }, configurable: true });
  hidden(listPrototype, Symbol.iterator, Array.prototype[Symbol.iterator]);
  var htmlCollectionPrototype = ObjectCreate(listPrototype);
  hidden(htmlCollectionPrototype, 'namedItem', function namedItem(name) {
    var items = itemsOf(this);
    name = String(name);
    for (var i = 0; i < items.length; i++) {
      if (name !== '' && (items[i].id === name || attributeOf(items[i], 'name') === name)) return items[i];
    }
    return null;
  });
  defineProperty(htmlCollectionPrototype, Symbol.toStringTag, { value: 'HTMLCollection', configurable: true });
  var nodeListPrototype = ObjectCreate(listPrototype);
  hidden(nodeListPrototype, 'forEach', Array.prototype.forEach);
  hidden(nodeListPrototype, 'entries', Array.prototype.entries);
  hidden(nodeListPrototype, 'keys', Array.prototype.keys);
  hidden(nodeListPrototype, 'values', Array.prototype.values);
  defineProperty(nodeListPrototype, Symbol.toStringTag, { value: 'NodeList', configurable: true });

  function getElementsByTagName(name) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var scope = this;
    var wanted = String(name).toLowerCase();
    return collection(htmlCollectionPrototype, function () {
      return elementsIn(scope, function (element) { return wanted === '*' || element.tagName.toLowerCase() === wanted; });
    });
  }
  function getElementsByClassName(names) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var scope = this;
    var wanted = classesOf(names);
    return collection(htmlCollectionPrototype, function () {
      if (wanted.length === 0) return [];
      return elementsIn(scope, function (element) {
        var has = classesOf(attributeOf(element, 'class') || '');
        return wanted.every(function (name) { return has.indexOf(name) >= 0; });
      });
    });
  }

  // Selectors: a list of complex selectors, each compounds joined by ' ' or '>'.
  // Returns the parsed list, or {unsupported: text} for syntax not simulated;
  // throws a SyntaxError for text that is no selector.
  var selectorCache = ObjectCreate(null);
  function parseSelectors(text) {
    if (selectorCache[text]) return selectorCache[text];
    var position = 0;
    var identifier = /^-?(?:[A-Za-z_\u00A0-\uFFFF]|-)[A-Za-z0-9_\-\u00A0-\uFFFF]*/;
    function invalid() { return domError('SyntaxError', "'" + text + "' is not a valid selector.", 12); }
    function rest() { return text.slice(position); }
    function skipSpace() {
      var start = position;
      while (position < text.length && ' \t\n\r\f'.indexOf(text[position]) >= 0) position++;
      return position > start;
    }
    function name() {
      var match = identifier.exec(rest());
      if (!match) return null;
      position += match[0].length;
      return match[0];
    }
    function compound() {
      var part = { tag: null, ids: [], classes: [], attributes: [] };
      var any = false;
      if (text[position] === '*') { position++; any = true; }
      else { var tag = name(); if (tag !== null) { part.tag = tag.toLowerCase(); any = true; } }
      for (;;) {
        var ch = text[position];
        if (ch === '#' || ch === '.') {
          position++;
          var value = name();
          if (value === null) return { unsupported: rest().charAt(0) === '\\' };
          (ch === '#' ? part.ids : part.classes).push(value);
        } else if (ch === '[') {
          position++;
          skipSpace();
          var attribute = name();
          if (attribute === null) return { unsupported: false };
          skipSpace();
          var entry = { name: attribute.toLowerCase(), value: null };
          if (text[position] === '=') {
            position++;
            skipSpace();
            var quote = text[position];
            if (quote === '"' || quote === "'") {
              var end = text.indexOf(quote, position + 1);
              if (end < 0) return { unsupported: false };
              entry.value = text.slice(position + 1, end);
              if (entry.value.indexOf('\\') >= 0) return { unsupported: true };
              position = end + 1;
            } else {
              entry.value = name();
              if (entry.value === null) return { unsupported: false };
            }
            skipSpace();
          } else if (text[position] !== ']') {
            return { unsupported: '~|^$*'.indexOf(text[position]) >= 0 };
          }
          if (text[position] !== ']') return { unsupported: false };
          position++;
          part.attributes.push(entry);
        } else {
          break;
        }
        any = true;
      }
      if (!any) return { unsupported: ':+~|\\&'.indexOf(text.charAt(position)) >= 0 && text.charAt(position) !== '' };
      return part;
    }
    var list = [];
    skipSpace();
    for (;;) {
      var complex = { compounds: [], combinators: [] };
      for (;;) {
        var part = compound();
        if (part.unsupported !== undefined) {
          if (part.unsupported) return selectorCache[text] = { unsupported: text };
          throw invalid();
        }
        complex.compounds.push(part);
        var spaced = skipSpace();
        var ch = text.charAt(position);
        if (ch === '>') { position++; skipSpace(); complex.combinators.push('>'); continue; }
        if (ch === '+' || ch === '~' || ch === ':' || ch === '|' || ch === '\\') {
          return selectorCache[text] = { unsupported: text };
        }
        if (ch === ',' || ch === '') break;
        if (!spaced) throw invalid();
        complex.combinators.push(' ');
      }
      list.push(complex);
      if (text.charAt(position) === '') break;
      position++;
      skipSpace();
    }
    return selectorCache[text] = list;
  }
  function matchesCompound(element, part) {
    if (part.tag !== null && element.tagName.toLowerCase() !== part.tag) return false;
    for (var i = 0; i < part.ids.length; i++) if (element.id !== part.ids[i]) return false;
    if (part.classes.length > 0) {
      var has = classesOf(attributeOf(element, 'class') || '');
      for (var j = 0; j < part.classes.length; j++) if (has.indexOf(part.classes[j]) < 0) return false;
    }
    for (var k = 0; k < part.attributes.length; k++) {
      var value = attributeOf(element, part.attributes[k].name);
      if (value === null || (part.attributes[k].value !== null && value !== part.attributes[k].value)) return false;
    }
    return true;
  }
  function matchesComplex(element, complex, index) {
    if (!matchesCompound(element, complex.compounds[index])) return false;
    if (index === 0) return true;
    var parent = element.parentNode;
    if (complex.combinators[index - 1] === '>') {
      return !!parent && parent.nodeType === 1 && matchesComplex(parent, complex, index - 1);
    }
    for (; parent && parent.nodeType === 1; parent = parent.parentNode) {
      if (matchesComplex(parent, complex, index - 1)) return true;
    }
    return false;
  }
  function select(scope, selectors, method, first) {
    var list = parseSelectors(String(selectors));
    if (list.unsupported !== undefined) {
      host.missing(method + "('" + list.unsupported + "')");
      return [];
    }
    var found = elementsIn(scope, function (element) {
      for (var i = 0; i < list.length; i++) {
        if (matchesComplex(element, list[i], list[i].compounds.length - 1)) return true;
      }
      return false;
    });
    return first ? found.slice(0, 1) : found;
  }
  function querySelector(selectors) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var found = select(this, selectors, 'querySelector', true);
    return found.length > 0 ? found[0] : null;
  }
  function querySelectorAll(selectors) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var found = select(this, selectors, 'querySelectorAll', false);
    return collection(nodeListPrototype, function () { return found; });
  }

  // ---- elements ------------------------------------------------------------------------
  var nodePrototype = {
    appendChild: function appendChild(child) { return this.insertBefore(child, null); },
    insertBefore: function insertBefore(child, reference) {
      if (!child || typeof child !== 'object' || !child.childNodes) throw new TypeError('insertBefore: argument is not a Node');
      detach(child);
      var index = reference ? this.childNodes.indexOf(reference) : -1;
      if (index < 0) this.childNodes.push(child); else this.childNodes.splice(index, 0, child);
      child.parentNode = this;
      if (isConnected(this)) connected(child);
      return child;
    },
    removeChild: function removeChild(child) {
      if (!child || child.parentNode !== this) throw new Error('NotFoundError: the node is not a child of this node');
      detach(child);
      return child;
    },
    remove: function remove() { detach(this); },
    setAttribute: function setAttribute(name, value) {
      name = String(name).toLowerCase();
      if (name === 'src' && this.__frameId) { this.src = value; return; }
      if (name === 'id') { this.id = String(value); return; }
      this.__attributes[name] = String(value);
    },
    getAttribute: function getAttribute(name) {
      name = String(name).toLowerCase();
      if (name === 'src' && this.__frameId) return this.__src;
      if (name === 'id') return this.id || null;
      return name in this.__attributes ? this.__attributes[name] : null;
    },
    getElementsByTagName: getElementsByTagName,
    getElementsByClassName: getElementsByClassName,
    querySelector: querySelector,
    querySelectorAll: querySelectorAll,
    addEventListener: addEventListener,
    removeEventListener: removeEventListener,
    dispatchEvent: dispatchEvent
  };
  defineProperty(nodePrototype, 'isConnected', { get: function () { return isConnected(this); } });
  defineProperty(nodePrototype, 'firstChild', { get: function () { return this.childNodes[0] || null; } });
  defineProperty(nodePrototype, 'children', { get: function () { return this.childNodes.slice(); } });
  defineProperty(nodePrototype, 'className', {
    get: function () { var value = this.__attributes['class']; return value === undefined ? '' : value; },
    set: function (value) { this.__attributes['class'] = String(value); }
  });

  var iframePrototype = ObjectCreate(nodePrototype);
  defineProperty(iframePrototype, 'src', {
    // Read back as WebKit reflects a URL attribute: resolved and serialized
    // (the text as set when it does not parse).
    get: function () {
      if (this.__src === null) return '';
      var resolved = host.resolveURL(this.__src);
      return resolved === null || resolved === undefined ? this.__src : resolved;
    },
    set: function (value) {
      this.__src = String(value);
      if (isConnected(this)) host.frameSource(this.__frameId, this.__src);
    }
  });

  function makeElement(tagName) {
    var tag = String(tagName).toLowerCase();
    var isFrame = tag === 'iframe';
    var element = ObjectCreate(isFrame ? iframePrototype : nodePrototype);
    hidden(element, '__attributes', ObjectCreate(null));
    element.tagName = tag.toUpperCase();
    element.nodeName = element.tagName;
    element.nodeType = 1;
    element.style = {};
    element.childNodes = [];
    element.parentNode = null;
    element.id = '';
    if (isFrame) {
      hidden(element, '__frameId', nextFrameId++);
      hidden(element, '__src', null);
    }
    platformObjects.add(element);
    return element;
  }

  documentElement = makeElement('html');
  var head = makeElement('head');
  var body = makeElement('body');
  documentElement.childNodes.push(head, body);
  head.parentNode = documentElement;
  body.parentNode = documentElement;
  var meta = makeElement('meta');
  meta.__attributes.charset = 'utf-8';
  head.childNodes.push(meta);
  meta.parentNode = head;
  // A page script's element, appended to the body just before it runs.
  function addScriptElement() {
    var script = makeElement('script');
    body.childNodes.push(script);
    script.parentNode = body;
  }

  function findById(node, id) {
    if (node.id === id) return node;
    for (var i = 0; i < node.childNodes.length; i++) {
      var found = findById(node.childNodes[i], id);
      if (found) return found;
    }
    return null;
  }

  documentObject = {
    documentElement: documentElement,
    head: head,
    body: body,
    createEvent: createEvent,
    createElement: function createElement(tagName) { return makeElement(tagName); },
    createTextNode: function createTextNode(text) {
      var node = { nodeType: 3, textContent: String(text), childNodes: [], parentNode: null };
      platformObjects.add(node);
      return node;
    },
    getElementById: function getElementById(id) { return findById(documentElement, String(id)); },
    getElementsByTagName: getElementsByTagName,
    getElementsByClassName: getElementsByClassName,
    querySelector: querySelector,
    querySelectorAll: querySelectorAll
  };
  platformObjects.add(documentObject);
  var readyState = 'loading';
  defineProperty(documentObject, 'readyState', { get: function () { return readyState; }, enumerable: true });
  documentObject.onreadystatechange = null;
  global.onload = null;
  makeEventTarget(documentObject);
  defineProperty(documentObject, 'title', { value: '', writable: true, enumerable: true });
  hidden(global, 'document', documentObject);
