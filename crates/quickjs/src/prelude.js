// The prelude of every run: evaluated once in a fresh context before the code, it installs
// `tools` and `console` and returns the hooks the host drives the run with. It captures every
// built-in it uses first, so code that overwrites `JSON`, `Promise.prototype.then` or
// `Object.prototype` changes nothing here. `host` holds the native functions:
//   host.call(name, argsJson, argsError) -> promise   (records the call; throws past the call limit)
//   host.log(text)                                      (appends one log entry)
//   host.done(kind, text, thrown)                       (0: value JSON, 1: threw, 2: invalid value;
//                                                        `thrown`: what was thrown, when it threw)
//   host.isArray(value)                                 (a real Array object, never a Proxy)
// `names` are the tools' names; `maxLength` is the longest array-like the native array methods
// below may walk (no real array under the heap limit is longer).
(function install(host, names, maxLength) {
  'use strict';
  // The prelude is a module the code could import by name: it installs once per run, and an
  // import hands the code nothing it can use.
  if (install.installed === true) throw new TypeError('the prelude is already installed');
  Object.defineProperty(install, 'installed', { value: true });
  const nativeStringify = JSON.stringify;
  // With a replacer function, JSON.stringify calls back into JavaScript for every value, where
  // the timeout reaches it; without one it walks a sparse `Array(2 ** 32 - 1)` natively, and only
  // the heap limit stops it. Every JSON.stringify, the code's and the prelude's, gets one that
  // changes nothing (about 6% slower on 9 MB of rows).
  function same(key, value) { return value; }
  function stringify(value, replacer, space) {
    const walker = typeof replacer === 'function' || isArray(replacer) ? replacer : same;
    return apply(nativeStringify, undefined, [value, walker, space]);
  }
  const parse = JSON.parse;
  const apply = Reflect.apply;
  const ErrorCtor = Error;
  const StringCtor = String;
  const then = Promise.prototype.then;
  const create = Object.create;
  const defineProperty = Object.defineProperty;
  const freeze = Object.freeze;
  const wellFormed = String.prototype.toWellFormed;
  const AsyncFunction = (async function () {}).constructor;
  const functionText = Function.prototype.toString;
  const SyntaxErrorCtor = SyntaxError;
  const notOneBody = 'SyntaxError: the code closes the function it is the body of';
  const hostCall = host.call;
  const hostLog = host.log;
  const hostDone = host.done;

  function clean(text) { return apply(wellFormed, text, []); }

  // Some native methods walk `length` indices without ever reaching the interrupt handler, so
  // `Array(2 ** 32 - 1).join('')` or `[].reverse.call({length: 2 ** 53})` would run far past the
  // timeout. A real array's `length` is a data property nothing can change between a check here
  // and the native method's own read, so for a real array (`host.isArray`: no Proxy passes) the
  // method runs once its length is checked. Any other receiver (an array-like, a Proxy, an
  // `arguments` object) is first copied, its `length` read once, into a plain object the native
  // method walks instead; what it changes is written back. The copying is JavaScript, so the
  // timeout reaches it. `flat`, `flatMap` and `concat`, which look into the elements and
  // arguments too, are JavaScript here whenever anything but real arrays is involved.
  const RangeErrorCtor = RangeError;
  const TypeErrorCtor = TypeError;
  const ArrayProto = Array.prototype;
  const ObjectCtor = Object;
  const isArray = Array.isArray;
  const realArray = host.isArray;
  const spreadable = Symbol.isConcatSpreadable;
  const hasOwn = Object.prototype.hasOwnProperty;
  const nativeConcat = ArrayProto.concat;
  function toLength(value) {
    const n = +value;
    if (!(n > 0)) return 0;
    return n > 9007199254740991 ? 9007199254740991 : n - (n % 1);
  }
  function checked(length) {
    if (length > maxLength) {
      throw new RangeErrorCtor('array-like of length ' + length + ' is longer than this sandbox walks (' + maxLength + ')');
    }
    return length;
  }
  function data(target, key, value) {
    defineProperty(target, key, { value: value, writable: true, enumerable: true, configurable: true });
  }
  // A plain copy of the array-like `o`: holes stay holes, `length` is a data property.
  function copyOf(o, length) {
    const copy = create(null);
    for (let i = 0; i < length; i++) {
      if (i in o) data(copy, i, o[i]);
    }
    data(copy, 'length', length);
    return copy;
  }
  function writeBack(o, copy, before) {
    const after = copy.length;
    for (let i = 0; i < after; i++) {
      if (apply(hasOwn, copy, [i])) o[i] = copy[i];
      else delete o[i];
    }
    for (let i = after; i < before; i++) delete o[i];
    if (after !== before) o.length = after;
  }
  // The native `original`, guarded: on a copy for anything but a real array. A method that
  // `mutates` has its changes written back, and answers the receiver when `returnsReceiver`.
  function walked(original, mutates, returnsReceiver) {
    return function (...args) {
      if (realArray(this)) {
        checked(this.length);
        return apply(original, this, args);
      }
      const o = ObjectCtor(this);
      const before = checked(toLength(o.length));
      const copy = copyOf(o, before);
      const result = apply(original, copy, args);
      if (!mutates) return result;
      writeBack(o, copy, before);
      return returnsReceiver ? o : result;
    };
  }
  function append(target, at, value) {
    data(target, checked(at), value);
    return at + 1;
  }
  function flatten(target, at, source, depth) {
    const length = checked(toLength(source.length));
    for (let i = 0; i < length; i++) {
      if (!(i in source)) continue;
      const element = source[i];
      if (depth > 0 && isArray(element)) at = flatten(target, at, element, depth - 1);
      else at = append(target, at, element);
    }
    return at;
  }
  const methods = {
    flat(depth) {
      const o = ObjectCtor(this);
      let d = depth === undefined ? 1 : +depth;
      d = d > 0 ? (d === Infinity ? d : d - (d % 1)) : 0;
      const result = [];
      result.length = flatten(result, 0, o, d);
      return result;
    },
    flatMap(callback, thisArg) {
      const o = ObjectCtor(this);
      if (typeof callback !== 'function') throw new TypeErrorCtor('flatMap: the callback is not a function');
      const length = checked(toLength(o.length));
      const result = [];
      let at = 0;
      for (let i = 0; i < length; i++) {
        if (!(i in o)) continue;
        const mapped = apply(callback, thisArg, [o[i], i, o]);
        at = isArray(mapped) ? flatten(result, at, mapped, 0) : append(result, at, mapped);
      }
      result.length = at;
      return result;
    },
    concat(...args) {
      const o = ObjectCtor(this);
      let plain = realArray(o);
      for (let k = 0; plain && k < args.length; k++) {
        const a = args[k];
        plain = a === null || (typeof a !== 'object' && typeof a !== 'function') || realArray(a);
      }
      if (plain) {
        checked(o.length);
        for (let k = 0; k < args.length; k++) if (realArray(args[k])) checked(args[k].length);
        return apply(nativeConcat, o, args);
      }
      const result = [];
      let at = 0;
      for (let k = -1; k < args.length; k++) {
        const e = k < 0 ? o : args[k];
        let spread = false;
        if (e !== null && (typeof e === 'object' || typeof e === 'function')) {
          const flag = e[spreadable];
          spread = flag !== undefined ? !!flag : isArray(e);
        }
        if (!spread) {
          at = append(result, at, e);
          continue;
        }
        const length = checked(toLength(e.length));
        for (let i = 0; i < length; i++) {
          if (i in e) data(result, checked(at), e[i]);
          at++;
        }
      }
      result.length = checked(at);
      return result;
    },
  };
  // Installs `f` as the built-in method `name` of `target`: named, writable, not enumerable.
  function put(target, name, f) {
    defineProperty(f, 'name', { value: name, configurable: true });
    defineProperty(target, name, { value: f, writable: true, enumerable: false, configurable: true });
  }
  // `toString` joins through `join`; `toReversed`, `toSorted`, `toSpliced` and `with` allocate
  // as they go, so the heap limit stops them.
  put(ArrayProto, 'join', walked(ArrayProto.join, false));
  put(ArrayProto, 'toLocaleString', walked(ArrayProto.toLocaleString, false));
  put(ArrayProto, 'slice', walked(ArrayProto.slice, false));
  put(ArrayProto, 'reverse', walked(ArrayProto.reverse, true, true));
  put(ArrayProto, 'sort', walked(ArrayProto.sort, true, true));
  put(ArrayProto, 'copyWithin', walked(ArrayProto.copyWithin, true, true));
  put(ArrayProto, 'fill', walked(ArrayProto.fill, true, true));
  put(ArrayProto, 'splice', walked(ArrayProto.splice, true, false));
  put(ArrayProto, 'shift', walked(ArrayProto.shift, true, false));
  put(ArrayProto, 'unshift', walked(ArrayProto.unshift, true, false));
  put(ArrayProto, 'flat', methods.flat);
  put(ArrayProto, 'flatMap', methods.flatMap);
  put(ArrayProto, 'concat', methods.concat);
  put(JSON, 'stringify', stringify);

  // `String.raw` walks its template's `raw` the same way.
  const nativeRaw = StringCtor.raw;
  put(StringCtor, 'raw', function raw(template, ...substitutions) {
    const r = ObjectCtor(ObjectCtor(template).raw);
    const copy = copyOf(r, checked(toLength(r.length)));
    const list = [{ raw: copy }];
    for (let k = 0; k < substitutions.length; k++) data(list, k + 1, substitutions[k]);
    return apply(nativeRaw, StringCtor, list);
  });

  // An Error crosses as its name and message; everything else as JSON. A `toJSON` on
  // Error.prototype does this without a replacer function, which would run for every value.
  defineProperty(ErrorCtor.prototype, 'toJSON', {
    value: function toJSON() { return { name: StringCtor(this.name), message: StringCtor(this.message) }; },
    writable: true,
    enumerable: false,
    configurable: true,
  });

  function encode(value) {
    const text = stringify(value);
    return text === undefined ? 'null' : text;
  }

  function message(error) {
    try {
      if (error instanceof ErrorCtor) {
        const name = StringCtor(error.name);
        const text = StringCtor(error.message);
        return text === '' ? name : name + ': ' + text;
      }
      if (typeof error === 'string') return error;
      if (error !== null && typeof error === 'object') {
        const text = stringify(error);
        if (typeof text === 'string') return text;
      }
      return StringCtor(error);
    } catch (e) {
      return 'a value that cannot be described was thrown';
    }
  }

  // One function per name: encodes the arguments and hands the call to the host, which returns
  // the call's promise. `name` is already well-formed.
  function caller(name) {
    return function (args) {
      let json;
      let problem = '';
      try {
        json = stringify(args === undefined ? null : args);
        if (json === undefined) json = 'null';
      } catch (e) {
        json = '';
        problem = clean('the arguments cannot cross as JSON: ' + message(e));
      }
      return hostCall(name, json, problem);
    };
  }

  // `tools` holds the host tools as its own frozen properties; every other string name falls
  // through to a Proxy that answers with a caller the host rejects as an unknown tool.
  const implicit = create(null);
  implicit.then = implicit.toJSON = implicit.toString = implicit.valueOf = true;
  const unknown = create(null);
  const fallback = new Proxy(create(null), {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      // Names the engine looks up on its own (await, JSON.stringify, String()) are not calls.
      if (implicit[key] === true) return undefined;
      let f = unknown[key];
      if (f === undefined) {
        f = caller(clean(key));
        unknown[key] = f;
      }
      return f;
    },
    has() { return false; },
    set() { return false; },
    defineProperty() { return false; },
    deleteProperty() { return false; },
    setPrototypeOf() { return false; },
  });
  const tools = create(fallback);
  for (let i = 0; i < names.length; i++) {
    defineProperty(tools, names[i], { value: caller(names[i]), enumerable: true });
  }
  freeze(tools);

  function format(value) {
    if (typeof value === 'string') return value;
    if (value instanceof ErrorCtor) return message(value);
    if (value !== null && (typeof value === 'object')) {
      try {
        const text = stringify(value);
        if (typeof text === 'string') return text;
      } catch (e) { /* fall through */ }
      try { return StringCtor(value); } catch (e) { return '[unprintable]'; }
    }
    try { return StringCtor(value); } catch (e) { return '[unprintable]'; }
  }

  function log() {
    let text = '';
    for (let i = 0; i < arguments.length; i++) {
      text += (i === 0 ? '' : ' ') + format(arguments[i]);
    }
    hostLog(clean(text));
  }

  const console = create(null);
  console.log = log;
  console.info = log;
  console.warn = log;
  console.error = log;
  console.debug = log;

  function fulfilled(value) {
    let text;
    try {
      text = encode(value);
    } catch (e) {
      hostDone(2, clean(message(e)));
      return;
    }
    hostDone(0, text);
  }

  function rejected(error) {
    // The error itself too: the host knows a call's own rejection when the code throws it.
    hostDone(1, clean(message(error)), error);
  }

  // Compiles and starts the code: returns a string (the syntax error) or nothing.
  //
  // QuickJS's Function constructor parses `(async function anonymous(\n) {\n` + code + `\n})`
  // as one piece of source, so code that starts with `});` closes that function early and runs
  // what follows while it is being "compiled". Two defences: `tools` and `console` exist only
  // once the code compiled (nothing it runs while compiling reaches the host), and the function
  // compiled must be the one whose source is the whole of the code, which no function the code
  // opens itself can be.
  function start(code) {
    let body;
    try {
      body = new AsyncFunction(code);
    } catch (e) {
      return e instanceof SyntaxErrorCtor ? clean(message(e)) : notOneBody;
    }
    if (typeof body !== 'function' || apply(functionText, body, []) !== 'async function anonymous(\n) {\n' + code + '\n}') {
      return notOneBody;
    }
    defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true });
    defineProperty(globalThis, 'tools', { value: tools, writable: false, configurable: false });
    apply(then, body(), [fulfilled, rejected]);
    return undefined;
  }

  return { start: start };
})
