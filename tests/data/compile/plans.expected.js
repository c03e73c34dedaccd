// line 1
const errorText = (reason) => {
  try {
    if ((typeof reason === "object" && reason !== null) || typeof reason === "function") {
      const message = reason.message;
      if (typeof message === "string") return message;
    }
    return String(reason);
  } catch {
    return "the call failed with a reason that cannot be shown as text";
  }
};
const settle = async (name, args) => {
  try {
    return { ok: true, value: await tools[name](args) };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
return await settle("list_users", { ["team"]: "blue" });
// line 2
const errorText = (reason) => {
  try {
    if ((typeof reason === "object" && reason !== null) || typeof reason === "function") {
      const message = reason.message;
      if (typeof message === "string") return message;
    }
    return String(reason);
  } catch {
    return "the call failed with a reason that cannot be shown as text";
  }
};
const settle = async (name, args) => {
  try {
    return { ok: true, value: await tools[name](args) };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
const describe = (value) =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`;
const shape = (record, fields, limit) => {
  if (!record.ok) return record;
  try {
    const rows = record.value;
    if (!Array.isArray(rows)) {
      return { ok: false, error: `the result is not an array: it is ${describe(rows)}` };
    }
    let shaped = rows;
    if (fields !== null) {
      shaped = [];
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if (row === null || typeof row !== "object" || Array.isArray(row)) {
          return { ok: false, error: `row ${i} of the result is not an object: it is ${describe(row)}` };
        }
        const picked = {};
        for (const field of fields) {
          const value = Object.prototype.hasOwnProperty.call(row, field) ? row[field] : null;
          Object.defineProperty(picked, field, { value, enumerable: true, writable: true, configurable: true });
        }
        shaped.push(picked);
      }
    }
    if (limit !== null) {
      const kept = [];
      for (let i = 0; i < shaped.length && i < limit; i++) kept.push(shaped[i]);
      shaped = kept;
    }
    return { ok: true, value: shaped };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
return [shape(await settle("list_users", { ["team"]: "blue", ["limit"]: 10 }), ["id","email"], 5)];
// line 3
const errorText = (reason) => {
  try {
    if ((typeof reason === "object" && reason !== null) || typeof reason === "function") {
      const message = reason.message;
      if (typeof message === "string") return message;
    }
    return String(reason);
  } catch {
    return "the call failed with a reason that cannot be shown as text";
  }
};
const settle = async (name, args) => {
  try {
    return { ok: true, value: await tools[name](args) };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
const describe = (value) =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`;
const shape = (record, fields, limit) => {
  if (!record.ok) return record;
  try {
    const rows = record.value;
    if (!Array.isArray(rows)) {
      return { ok: false, error: `the result is not an array: it is ${describe(rows)}` };
    }
    let shaped = rows;
    if (fields !== null) {
      shaped = [];
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if (row === null || typeof row !== "object" || Array.isArray(row)) {
          return { ok: false, error: `row ${i} of the result is not an object: it is ${describe(row)}` };
        }
        const picked = {};
        for (const field of fields) {
          const value = Object.prototype.hasOwnProperty.call(row, field) ? row[field] : null;
          Object.defineProperty(picked, field, { value, enumerable: true, writable: true, configurable: true });
        }
        shaped.push(picked);
      }
    }
    if (limit !== null) {
      const kept = [];
      for (let i = 0; i < shaped.length && i < limit; i++) kept.push(shaped[i]);
      shaped = kept;
    }
    return { ok: true, value: shaped };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
return shape(await settle("list_users", { ["team"]: "blue" }), null, 0);
// line 4
const errorText = (reason) => {
  try {
    if ((typeof reason === "object" && reason !== null) || typeof reason === "function") {
      const message = reason.message;
      if (typeof message === "string") return message;
    }
    return String(reason);
  } catch {
    return "the call failed with a reason that cannot be shown as text";
  }
};
const settle = async (name, args) => {
  try {
    return { ok: true, value: await tools[name](args) };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
const records = [];
records.push(await settle("get_forecast", { ["city"]: "Oslo", ["days"]: 3 }));
records.push(await settle("send_email", { ["to"]: "ops@example.com", ["subject"]: "Oslo", ["urgent"]: false }));
return records;
// line 5
const errorText = (reason) => {
  try {
    if ((typeof reason === "object" && reason !== null) || typeof reason === "function") {
      const message = reason.message;
      if (typeof message === "string") return message;
    }
    return String(reason);
  } catch {
    return "the call failed with a reason that cannot be shown as text";
  }
};
const settle = async (name, args) => {
  try {
    return { ok: true, value: await tools[name](args) };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
const settled = await Promise.allSettled([
  settle("get_forecast", { ["city"]: "A", ["days"]: 1 }),
  settle("get_forecast", { ["city"]: "B", ["days"]: 2 }),
  settle("get_forecast", { ["city"]: "C", ["days"]: 3 }),
]);
const records = settled.map((outcome) =>
  outcome.status === "fulfilled" ? outcome.value : { ok: false, error: errorText(outcome.reason) });
return records[records.length - 1];
// line 6
const errorText = (reason) => {
  try {
    if ((typeof reason === "object" && reason !== null) || typeof reason === "function") {
      const message = reason.message;
      if (typeof message === "string") return message;
    }
    return String(reason);
  } catch {
    return "the call failed with a reason that cannot be shown as text";
  }
};
const settle = async (name, args) => {
  try {
    return { ok: true, value: await tools[name](args) };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
return await settle("constructor", { ["__proto__"]: "</script>\u2028\ud800\"'`${x}", ["x"]: -0.0 });
// line 7: {"diagnostic":"plan: no calls, at least 1 is needed"}
// line 8: {"diagnostic":"plan: 4 calls, the limit is 3"}
// line 9: {"diagnostic":"plan.mode: mode \"single\" does not fit 2 call(s); use \"serial\" or \"parallel\""}
// line 10: {"diagnostic":"plan.mode: mode \"parallel\" does not fit 1 call(s); use \"single\""}
// line 11: {"diagnostic":"call 1: tool \"delete_users\" is not in the catalog"}
// line 12: {"diagnostic":"call 1: argument \"group\" is not in the schema of list_users"}
// line 13: {"diagnostic":"call 1: argument \"days\" is required by get_forecast"}
// line 14: {"diagnostic":"call 1: argument \"days\" must be a number, not a string"}
// line 15: {"diagnostic":"call 1: argument \"to\" must be a string, not a number"}
// line 16: {"diagnostic":"call 1: argument \"urgent\" must be a boolean, not null"}
// line 17: {"diagnostic":"call 1: argument \"subject\" must be a string, not an array"}
// line 18: {"diagnostic":"output.fields: fields is only for a plan with one call to a tool that returns an array, and this plan has 2 calls"}
// line 19: {"diagnostic":"output.fields: fields is only for a plan with one call to a tool that returns an array, and get_forecast returns an object"}
// line 20: {"diagnostic":"output.limit: limit is only for a plan with one call to a tool that returns an array, and send_email returns text"}
// line 21: {"diagnostic":"output.fields: 4 fields, the limit is 3"}
// line 22: {"diagnostic":"output.fields: \"password\" is not a declared property of list_users"}
// line 23: {"diagnostic":"output.fields: no fields; name 1 to 3, or leave fields out"}
// line 24: {"diagnostic":"output.fields: \"id\" is named twice"}
// line 25: {"diagnostic":"output.limit: 101 is not a whole number from 0 to 100"}
// line 26: {"diagnostic":"output.limit: -1 is not a whole number from 0 to 100"}
// line 27: {"diagnostic":"output.limit: 2.5 is not a whole number from 0 to 100"}
// line 28: {"diagnostic":"plan: unknown variant `sequential`, expected one of `single`, `serial`, `parallel`"}
// line 29: {"diagnostic":"plan: unknown variant `first`, expected `all` or `last`"}
// line 30: {"diagnostic":"plan: unknown field `id`, expected `tool` or `args`"}
// line 31: {"diagnostic":"input: not valid JSON: expected ident at line 1 column 2"}
// line 32: {"diagnostic":"input: missing \"tools\""}
// line 33: {"diagnostic":"input: unexpected key \"js\"; accepted: \"plan\", \"tools\", \"rows\""}
// line 34
const errorText = (reason) => {
  try {
    if ((typeof reason === "object" && reason !== null) || typeof reason === "function") {
      const message = reason.message;
      if (typeof message === "string") return message;
    }
    return String(reason);
  } catch {
    return "the call failed with a reason that cannot be shown as text";
  }
};
const settle = async (name, args) => {
  try {
    return { ok: true, value: await tools[name](args) };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
const settleRows = async (name, args, key) => {
  const record = await settle(name, args);
  if (!record.ok) return record;
  try {
    const value = record.value;
    if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key)) {
      return { ok: true, value: value[key] };
    }
    return { ok: false, error: `the result holds no rows under ${JSON.stringify(key)}` };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
const describe = (value) =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`;
const shape = (record, fields, limit) => {
  if (!record.ok) return record;
  try {
    const rows = record.value;
    if (!Array.isArray(rows)) {
      return { ok: false, error: `the result is not an array: it is ${describe(rows)}` };
    }
    let shaped = rows;
    if (fields !== null) {
      shaped = [];
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if (row === null || typeof row !== "object" || Array.isArray(row)) {
          return { ok: false, error: `row ${i} of the result is not an object: it is ${describe(row)}` };
        }
        const picked = {};
        for (const field of fields) {
          const value = Object.prototype.hasOwnProperty.call(row, field) ? row[field] : null;
          Object.defineProperty(picked, field, { value, enumerable: true, writable: true, configurable: true });
        }
        shaped.push(picked);
      }
    }
    if (limit !== null) {
      const kept = [];
      for (let i = 0; i < shaped.length && i < limit; i++) kept.push(shaped[i]);
      shaped = kept;
    }
    return { ok: true, value: shaped };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
return shape(await settleRows("list_users", { ["team"]: "a" }, "users"), ["name"], 2);
// line 35
const errorText = (reason) => {
  try {
    if ((typeof reason === "object" && reason !== null) || typeof reason === "function") {
      const message = reason.message;
      if (typeof message === "string") return message;
    }
    return String(reason);
  } catch {
    return "the call failed with a reason that cannot be shown as text";
  }
};
const settle = async (name, args) => {
  try {
    return { ok: true, value: await tools[name](args) };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
const settleRows = async (name, args, key) => {
  const record = await settle(name, args);
  if (!record.ok) return record;
  try {
    const value = record.value;
    if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key)) {
      return { ok: true, value: value[key] };
    }
    return { ok: false, error: `the result holds no rows under ${JSON.stringify(key)}` };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
const settled = await Promise.allSettled([
  settleRows("list_users", { ["team"]: "a" }, "users"),
  settle("get_forecast", { ["city"]: "Oslo", ["days"]: 1 }),
]);
const records = settled.map((outcome) =>
  outcome.status === "fulfilled" ? outcome.value : { ok: false, error: errorText(outcome.reason) });
return records;
// line 36: {"diagnostic":"rows[\"send_email\"]: tool \"send_email\" is not in the catalog"}
// line 37: {"diagnostic":"rows[\"list_users\"]: a number, expected a string"}
// line 38: {"diagnostic":"rows: an array, expected an object"}
