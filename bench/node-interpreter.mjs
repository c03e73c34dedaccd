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

const PRELUDE_URL = new URL('../crates/quickjs/src/prelude.js', import.meta.url);
const LOG_CUT_MARKER = '[logs cut: the log limit was reached]';

if (isMainThread) {
  main();
} else {
  worker();
}

function main() {
  const prelude = readFileSync(PRELUDE_URL, 'utf8');
  const runs = new Map();

  function send(message) {
    process.stdout.write(JSON.stringify(message) + '\n');
  }

  function finish(run, result) {
    if (run.finished) return;
    run.finished = true;
    clearTimeout(run.timer);
    runs.delete(run.id);
    run.worker.terminate().catch(() => {});
    send({ type: 'done', id: run.id, result: { ...result, logs: run.logs, logsTruncated: run.truncated } });
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
      workerData: { code, tools, prelude, maxCalls: limits.maxCalls },
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
          send({ type: 'call', id, call: message.call, name: message.name, args: JSON.parse(message.json) });
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
    if (message.type === 'run') {
      start(message);
    } else if (message.type === 'result') {
      const run = runs.get(message.id);
      if (run) {
        const payload = message.ok ? JSON.stringify(message.value ?? null) : String(message.error ?? 'the tool failed');
        run.worker.postMessage({ call: message.call, ok: !!message.ok, payload });
      }
    } else if (message.type === 'cancel') {
      const run = runs.get(message.id);
      if (run) stop(run, 'cancelled', 'cancelled');
    }
  });
  lines.on('close', () => {
    for (const run of runs.values()) run.worker.terminate().catch(() => {});
    process.exitCode = 0;
  });
}

function worker() {
  const { code, tools, prelude, maxCalls } = workerData;
  let calls = 0;
  const host = {
    call(name, json, problem) {
      if (calls >= maxCalls) {
        parentPort.postMessage({ type: 'limit' });
        throw new Error('call limit reached');
      }
      const call = calls++;
      if (problem !== '') {
        // The arguments never left the context: fail the call here.
        queueMicrotask(() => hooks.settle(call, false, problem));
      } else {
        parentPort.postMessage({ type: 'call', call, name, json });
      }
      return call;
    },
    log(text) {
      parentPort.postMessage({ type: 'log', text });
    },
    done(kind, text) {
      parentPort.postMessage({ type: 'done', kind, text });
    },
  };
  const context = vm.createContext({});
  const install = vm.runInContext(prelude, context, { filename: 'prelude.js' });
  const hooks = install(host, tools);
  parentPort.on('message', (message) => {
    hooks.settle(message.call, message.ok, message.payload);
  });
  const syntax = hooks.start(code);
  if (syntax !== undefined) parentPort.postMessage({ type: 'done', kind: 3, text: syntax });
}
