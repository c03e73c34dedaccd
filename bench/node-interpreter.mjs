#!/usr/bin/env node
// A Node.js interpreter speaking codemode's JSON-lines protocol (see the docs of
// codemode_interpreter::protocol): run requests on stdin, tool calls and results back and forth,
// one `done` per run on stdout. It is built the way the contract's reference interpreter is: each
// run gets a fresh worker thread with `resourceLimits` (the heap limit), and the run's timeout
// terminates the worker. Inside the worker the code runs in a fresh `vm` context (no `require`,
// `process`, timers or module loader) with the same prelude as the QuickJS interpreter, so
// `tools`, `console` and the way values cross are the same in both.
//
// It is the peer the benchmarks measure against and the proof that the protocol works:
//   codemode conformance --exec "node bench/node-interpreter.mjs"
// Like the reference, it is not a security boundary.

import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import vm from 'node:vm';
import { types } from 'node:util';

const PRELUDE_URL = new URL('../crates/quickjs/src/prelude.js', import.meta.url);
const LOG_CUT_MARKER = '[logs cut: the log limit was reached]';

if (isMainThread) {
  main();
} else {
  worker();
}

function main() {
  if (process.argv.includes('--bench')) {
    bench().catch((error) => {
      process.stderr.write(`node-interpreter: ${error.stack}\n`);
      process.exitCode = 1;
    });
    return;
  }
  const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
  const runner = createRunner({
    onCall: (id, call, name, args) => send({ type: 'call', id, call, name, args }),
    onDone: (id, result) => send({ type: 'done', id, result }),
  });
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let message;
    try {
      message = JSON.parse(line);
    } catch (error) {
      process.stderr.write(`node-interpreter: ignoring a line that is not JSON: ${error.message}\n`);
      return;
    }
    if (message.type === 'run') runner.start(message);
    else if (message.type === 'result') runner.result(message.id, message.call, !!message.ok, message.value, message.error);
    else if (message.type === 'cancel') runner.cancel(message.id);
  });
  lines.on('close', () => runner.closeAll());
}

// Runs requests in fresh workers; reports calls and results through the two callbacks.
function createRunner({ onCall, onDone }) {
  const prelude = readFileSync(PRELUDE_URL, 'utf8');
  const runs = new Map();

  function finish(run, result) {
    if (run.finished) return;
    run.finished = true;
    clearTimeout(run.timer);
    runs.delete(run.id);
    run.worker.terminate().catch(() => {});
    onDone(run.id, { ...result, logs: run.logs, logsTruncated: run.truncated });
  }

  function stop(run, reason, error) {
    finish(run, { ok: false, error, reason, timedOut: reason === 'timeout' });
  }

  function log(run, text) {
    if (run.truncated) return;
    const chars = [...text];
    if (chars.length <= run.remaining) {
      run.remaining -= chars.length;
      run.logs.push(text);
      return;
    }
    const kept = chars.slice(0, run.remaining).join('');
    if (kept !== '') run.logs.push(kept);
    run.remaining = 0;
    run.truncated = true;
    run.logs.push(LOG_CUT_MARKER);
  }

  function start(request) {
    const { id, code, tools, timeoutMs, limits } = request;
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { code, tools, prelude, maxCalls: limits.maxCalls, maxLength: (limits.memoryMb * 1024 * 1024) / 8 },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.max(1, Math.min(16, limits.memoryMb >> 2)),
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    const run = { id, worker, logs: [], remaining: limits.maxLogChars, truncated: false, finished: false };
    runs.set(id, run);
    run.timer = setTimeout(() => stop(run, 'timeout', `timed out after ${timeoutMs} ms`), timeoutMs);
    worker.on('message', (message) => {
      if (run.finished) return;
      switch (message.type) {
        case 'log':
          log(run, message.text);
          break;
        case 'call':
          onCall(id, message.call, message.name, JSON.parse(message.json));
          break;
        case 'limit':
          stop(run, 'call_limit', `call limit reached (${limits.maxCalls} calls)`);
          break;
        case 'done':
          if (message.kind === 0) finish(run, { ok: true, value: JSON.parse(message.text), timedOut: false });
          else if (message.kind === 1) stop(run, 'threw', message.text);
          else if (message.kind === 2) stop(run, 'value_invalid', `the returned value cannot cross as JSON: ${message.text}`);
          else stop(run, 'syntax', message.text);
          break;
      }
    });
    worker.on('error', (error) => {
      if (error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        stop(run, 'heap_limit', `heap limit reached (${limits.memoryMb} MB)`);
      } else {
        stop(run, 'internal', `the worker failed: ${error && error.message}`);
      }
    });
    worker.on('exit', () => stop(run, 'internal', 'the worker exited before the run finished'));
  }

  function result(id, call, ok, value, error) {
    const run = runs.get(id);
    if (!run) return;
    const payload = ok ? JSON.stringify(value ?? null) : String(error ?? 'the tool failed');
    run.worker.postMessage({ call, ok, payload });
  }

  function cancel(id) {
    const run = runs.get(id);
    if (run) stop(run, 'cancelled', 'cancelled');
  }

  function closeAll() {
    for (const run of runs.values()) run.worker.terminate().catch(() => {});
  }

  return { start, result, cancel, closeAll };
}

// `--bench [FRESH_RUNS] [CALL_RUNS]`: measures this interpreter in-process, the way the seed's
// reference is used (no protocol in between), with an echo tool answered on the main thread.
// Prints one JSON object: the median fresh run of `return 1` and the cost of one tool call (from
// runs of 10,000 sequential calls, less a fresh run).
async function bench() {
  const [freshRuns = 200, callRuns = 5] = process.argv.slice(process.argv.indexOf('--bench') + 1).map(Number);
  const CALLS = 10000;
  const limits = { memoryMb: 64, maxLogChars: 64000, maxCalls: CALLS };
  const waiting = new Map();
  let nextId = 1;
  const runner = createRunner({
    onCall: (id, call, name, args) => runner.result(id, call, true, args),
    onDone: (id, result) => waiting.get(id)(result),
  });
  const runOnce = (code, tools) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      runner.start({ id, code, tools, timeoutMs: 60000, limits });
    });
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

  const fresh = [];
  for (let i = 0; i < freshRuns; i++) {
    const t = performance.now();
    const result = await runOnce('return 1', []);
    fresh.push(performance.now() - t);
    if (!result.ok) throw new Error(JSON.stringify(result));
  }
  const looped = [];
  const code = `for (let i = 0; i < ${CALLS}; i++) await tools.echo({i}); return 1`;
  for (let i = 0; i < callRuns; i++) {
    const t = performance.now();
    const result = await runOnce(code, ['echo']);
    looped.push(performance.now() - t);
    if (!result.ok) throw new Error(JSON.stringify(result));
  }
  const freshMs = median(fresh);
  const perCallUs = ((median(looped) - freshMs) / CALLS) * 1000;
  console.log(JSON.stringify({ interpreter: 'node-worker', freshRunMedianMs: freshMs, toolCallUs: perCallUs, freshRuns, callRuns }));
}

function worker() {
  const { code, tools, prelude, maxCalls, maxLength } = workerData;
  const context = vm.createContext({});
  // Promises and errors are made in the context's realm, so `instanceof` holds in the code.
  const capability = vm.runInContext(
    '(() => { let resolve, reject; const promise = new Promise((a, b) => { resolve = a; reject = b; }); return [promise, resolve, reject]; })',
    context,
  );
  const makeError = vm.runInContext('(message) => new Error(message)', context);
  const parse = vm.runInContext('JSON.parse', context);
  const pending = new Map();
  let calls = 0;
  const host = {
    call(name, json, problem) {
      if (calls >= maxCalls) {
        parentPort.postMessage({ type: 'limit' });
        throw makeError('call limit reached');
      }
      const call = calls++;
      const [promise, resolve, reject] = capability();
      if (problem !== '') {
        // The arguments never left the context: fail the call here.
        reject(makeError(problem));
      } else {
        pending.set(call, { resolve, reject });
        parentPort.postMessage({ type: 'call', call, name, json });
      }
      return promise;
    },
    log(text) {
      parentPort.postMessage({ type: 'log', text });
    },
    done(kind, text) {
      parentPort.postMessage({ type: 'done', kind, text });
    },
    // A real Array object, never a Proxy (QuickJS's JS_IsArray).
    isArray(value) {
      return Array.isArray(value) && !types.isProxy(value);
    },
  };
  const install = vm.runInContext(prelude, context, { filename: 'prelude.js' });
  const hooks = install(host, tools, maxLength);
  parentPort.on('message', (message) => {
    const entry = pending.get(message.call);
    if (entry === undefined) return;
    pending.delete(message.call);
    if (message.ok) entry.resolve(parse(message.payload));
    else entry.reject(makeError(message.payload));
  });
  const syntax = hooks.start(code);
  if (syntax !== undefined) parentPort.postMessage({ type: 'done', kind: 3, text: syntax });
}
