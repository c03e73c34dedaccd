// A remote MCP server for the tests, written with the official TypeScript SDK and served over
// streamable HTTP on 127.0.0.1: `node remote-server.mjs PORT [CATALOG]`. It prints
// `listening PORT` on stdout once it accepts connections.
//
// With REMOTE_TOKEN in its environment, every request must carry `Authorization: Bearer
// REMOTE_TOKEN`, or it is answered 401 with a `WWW-Authenticate` challenge. Its tools: `echo`,
// `team` (the `X-Team` header it was sent), `picture` (an image and an embedded resource),
// `crash` (the process exits) and `grow`, which adds a tool `extra` and tells every client that
// the list changed. With CATALOG, a file of JSON lines `{name, description,
// parameters}` (BFCL's function docs), it serves those tools instead (the first CATALOG_LIMIT, by
// default 1,000, names made
// MCP-safe), each answering the name and arguments it was called with.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const token = process.env.REMOTE_TOKEN;
const port = Number(process.argv[2] ?? 0);
const catalogFile = process.argv[3];

// A 1x1 transparent PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

// Whether `grow` has been called, and the servers to tell when it is.
let grown = false;
const servers = new Set();

const extraTool = {
  name: "extra",
  description: "A tool that `grow` added.",
  inputSchema: { type: "object", properties: {} },
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: () => ({ content: [{ type: "text", text: "extra" }] }),
};

function fixedTools(headers) {
  const tools = [
    {
      name: "echo",
      description: "Echoes a message back.",
      inputSchema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
      annotations: { readOnlyHint: true, openWorldHint: false },
      run: ({ message }) => ({ content: [{ type: "text", text: `echo: ${message}` }] }),
    },
    {
      name: "team",
      description: "Says which team the client named in its X-Team header.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true, openWorldHint: false },
      run: () => ({ content: [{ type: "text", text: String(headers["x-team"] ?? "") }] }),
    },
    {
      name: "picture",
      description: "Returns a tiny picture and a text resource.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true, openWorldHint: false },
      run: () => ({
        content: [
          { type: "image", data: PNG, mimeType: "image/png" },
          { type: "resource", resource: { uri: "memo://one", mimeType: "text/plain", text: "a memo" } },
        ],
      }),
    },
    {
      name: "crash",
      description: "Makes the server exit at once, without answering.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true, openWorldHint: false },
      run: () => process.exit(3),
    },
    {
      name: "grow",
      description: "Adds the tool `extra`, and says that the list of tools changed.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true, openWorldHint: false },
      run: () => {
        grown = true;
        for (const server of servers) server.sendToolListChanged().catch(() => {});
        return { content: [{ type: "text", text: "grown" }] };
      },
    },
  ];
  return grown ? [...tools, extraTool] : tools;
}

// BFCL's parameter types are Python's and Java's as often as JSON Schema's.
function schema(parameters) {
  const fix = (node) => {
    if (Array.isArray(node)) return node.map(fix);
    if (!node || typeof node !== "object") return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "type" && typeof value === "string") {
        const map = { dict: "object", float: "number", tuple: "array", any: "string", list: "array" };
        const known = ["object", "number", "integer", "string", "boolean", "array", "null"];
        out.type = map[value] ?? (known.includes(value) ? value : "string");
      } else if (key === "required" && !Array.isArray(value)) {
        continue;
      } else {
        out[key] = fix(value);
      }
    }
    return out;
  };
  const fixed = fix(parameters ?? {});
  fixed.type = "object";
  return fixed;
}

const limit = Number(process.env.CATALOG_LIMIT ?? 1000);

function catalogTools(file) {
  const seen = new Set();
  const tools = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim() || tools.length >= limit) continue;
    const doc = JSON.parse(line);
    const name = doc.name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
    if (seen.has(name)) continue;
    seen.add(name);
    tools.push({
      name,
      description: doc.description ?? "",
      inputSchema: schema(doc.parameters),
      annotations: { readOnlyHint: true, openWorldHint: false },
      run: (args) => ({
        structuredContent: { called: name, arguments: args },
        content: [{ type: "text", text: JSON.stringify({ called: name, arguments: args }) }],
      }),
    });
  }
  return tools;
}

const catalog = catalogFile ? catalogTools(catalogFile) : null;

function mcpServer(headers) {
  const tools = () => catalog ?? fixedTools(headers);
  const server = new Server({ name: "remote", version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } });
  servers.add(server);
  server.onclose = () => servers.delete(server);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools().map(({ run, ...tool }) => tool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools().find((t) => t.name === request.params.name);
    if (!tool) return { isError: true, content: [{ type: "text", text: `no tool ${request.params.name}` }] };
    return tool.run(request.params.arguments ?? {});
  });
  return server;
}

const sessions = new Map();

async function body(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : undefined;
}

const httpServer = http.createServer(async (req, res) => {
  try {
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, {
        "content-type": "application/json",
        "www-authenticate": 'Bearer realm="remote", error="invalid_token"',
      });
      res.end(JSON.stringify({ error: "invalid_token" }));
      return;
    }
    const sessionId = req.headers["mcp-session-id"];
    const parsed = req.method === "POST" ? await body(req) : undefined;
    let transport = sessionId ? sessions.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId || req.method !== "POST") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } }));
        return;
      }
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => sessions.set(id, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await mcpServer(req.headers).connect(transport);
    }
    await transport.handleRequest(req, res, parsed);
  } catch (err) {
    if (!res.headersSent) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message: String(err) } }));
    }
  }
});

httpServer.listen(port, "127.0.0.1", () => {
  console.log(`listening ${httpServer.address().port}`);
});
