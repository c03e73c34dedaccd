// Runs compiled plan bodies in Node.js with fake tools and reports what happened.
//
// stdin: one JSON case per line: {"id", "js", "behaviours": {"toolName": [behaviour, ...]}}
// Each call of a tool takes the next behaviour of that tool (the last one repeats):
//   {"kind": "resolve", "value": V, "delay": ms}   fulfils with V after `delay` ms (0: sync value)
//   {"kind": "reject", "message": M, "delay": ms}  rejects with new Error(M)
//   {"kind": "rejectValue", "value": V, "delay": ms} rejects with V itself (not an Error)
//   {"kind": "throw", "message": M}                throws new Error(M) synchronously
//   {"kind": "missing"}                            the tool is not a function (tools[name] = 42)
// stdout: one JSON line per case: {"id", "returned": value | undefined, "threw": text | null,
//   "events": [["start", i] | ["end", i]], "calls": [{"tool", "args", "ownKeys", "plainProto"}]}
import { createInterface } from "node:readline";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function runCase(spec) {
  const events = [];
  const calls = [];
  const used = new Map();
  const tools = {};
  for (const [name, behaviours] of Object.entries(spec.behaviours)) {
    if (behaviours.length === 1 && behaviours[0].kind === "missing") {
      Object.defineProperty(tools, name, { value: 42, enumerable: true });
      continue;
    }
    const fn = (args) => {
      const i = calls.length;
      const n = used.get(name) ?? 0;
      used.set(name, n + 1);
      const b = behaviours[Math.min(n, behaviours.length - 1)];
      calls.push({
        tool: name,
        args: Object.fromEntries(Object.getOwnPropertyNames(args).map((k) => [k, args[k]])),
        ownKeys: Object.getOwnPropertyNames(args),
        plainProto: Object.getPrototypeOf(args) === Object.prototype,
      });
      events.push(["start", i]);
      if (b.kind === "throw") {
        events.push(["end", i]);
        throw new Error(b.message);
      }
      if (b.kind === "resolve" && !b.delay) {
        events.push(["end", i]);
        return b.value;
      }
      return (async () => {
        await sleep(b.delay ?? 0);
        events.push(["end", i]);
        if (b.kind === "resolve") return b.value;
        if (b.kind === "reject") throw new Error(b.message);
        if (b.kind === "rejectValue") throw b.value;
        throw new Error(`unknown behaviour ${b.kind}`);
      })();
    };
    // Own data property, so that names like "__proto__" and "constructor" are real tools.
    Object.defineProperty(tools, name, { value: fn, enumerable: true });
  }
  let returned;
  let threw = null;
  try {
    const body = new Function("tools", `return (async () => {\n${spec.js}\n})();`);
    returned = await body(tools);
  } catch (e) {
    threw = String(e && e.stack ? e.stack : e);
  }
  // Every started call must have settled by the time the body returned.
  const pending = calls.length - events.filter(([k]) => k === "end").length;
  return { id: spec.id, returned, threw, events, calls, pending };
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of rl) {
  if (!line.trim()) continue;
  out.push(JSON.stringify(await runCase(JSON.parse(line))));
}
process.stdout.write(out.join("\n") + "\n");
