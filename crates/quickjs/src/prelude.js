// The prelude of every run: evaluated once in a fresh context before the code, it installs
// `tools` and `console` and returns the hooks the host drives the run with. It captures every
// built-in it uses first, so code that overwrites `JSON`, `Promise.prototype.then` or
// `Object.prototype` changes nothing here. `host` holds the native functions:
//   host.call(name, argsJson, argsError) -> promise   (records the call; throws past the call limit)
//   host.log(text)                                      (appends one log entry)
//   host.done(kind, text)                               (0: value JSON, 1: threw, 2: invalid value)
// `names` are the tools' names; `maxLength` is the longest array-like the native array methods
// below may walk (no real array under the heap limit is longer).
(function install(host, names, maxLength) {
  'use strict';
  // The prelude is a module the code could import by name: it installs once per run, and an
  // import hands the code nothing it can use.
  if (install.installed === true) throw new TypeError('the prelude is already installed');
  Object.defineProperty(install, 'installed', { value: true });
  const stringify = JSON.stringify;
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
  const hostCall = host.call;
  const hostLog = host.log;
  const hostDone = host.done;

  function clean(text) { return apply(wellFormed, text, []); }

  // Some native Array.prototype methods walk `length` indices without ever reaching the
  // interrupt handler, so `Array(2 ** 32 - 1).join('')` or `[].reverse.call({length: 2 ** 53})`
  // would run far past the timeout. They refuse receivers (and, for concat, arguments) longer
  // than any array the heap could hold; everything else is unchanged.
  const RangeErrorCtor = RangeError;
  const ArrayProto = Array.prototype;
  function checkLength(value) {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
    const length = +value.length;
    if (length > maxLength) {
      throw new RangeErrorCtor('array-like of length ' + length + ' is longer than this sandbox walks (' + maxLength + ')');
    }
  }
  function guard(original) {
    return function (...args) {
      checkLength(this);
      return apply(original, this, args);
    };
  }
  function guardAll(original) {
    return function (...args) {
      checkLength(this);
      for (let k = 0; k < args.length; k++) checkLength(args[k]);
      return apply(original, this, args);
    };
  }
  // `toString` joins through `join`; `toReversed`, `toSorted`, `toSpliced`, `with` and `fill`
  // allocate as they go, so the heap limit stops them.
  ArrayProto.join = guard(ArrayProto.join);
  ArrayProto.toLocaleString = guard(ArrayProto.toLocaleString);
  ArrayProto.reverse = guard(ArrayProto.reverse);
  ArrayProto.concat = guardAll(ArrayProto.concat);
  ArrayProto.copyWithin = guard(ArrayProto.copyWithin);
  ArrayProto.splice = guard(ArrayProto.splice);
  ArrayProto.slice = guard(ArrayProto.slice);
  ArrayProto.sort = guard(ArrayProto.sort);
  ArrayProto.flat = guard(ArrayProto.flat);
  ArrayProto.flatMap = guard(ArrayProto.flatMap);
  ArrayProto.shift = guard(ArrayProto.shift);
  ArrayProto.unshift = guard(ArrayProto.unshift);


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
  defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true });
  defineProperty(globalThis, 'tools', { value: tools, writable: false, configurable: false });

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
    hostDone(1, clean(message(error)));
  }

  // Compiles and starts the code: returns a string (the syntax error) or nothing.
  function start(code) {
    let body;
    try {
      body = new AsyncFunction(code);
    } catch (e) {
      return clean(message(e));
    }
    apply(then, body(), [fulfilled, rejected]);
    return undefined;
  }

  return { start: start };
})
