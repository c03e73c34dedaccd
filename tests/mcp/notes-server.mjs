// A small MCP server for the tests, written with the official TypeScript SDK: notes kept in memory,
// with tools that declare every kind of annotation the policy reads (read-only, additive,
// destructive), two tools whose names collide once sanitized, one that waits to be cancelled (and
// notes that it was), and one that makes the server exit.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const notes = new Map();
let nextId = 1;

const tools = [
  {
    name: "add_note",
    description: "Adds a note and returns its id.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    outputSchema: { type: "object", properties: { id: { type: "number" } }, required: ["id"] },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: ({ text }) => {
      const id = nextId++;
      notes.set(id, String(text));
      return { structuredContent: { id }, content: [{ type: "text", text: JSON.stringify({ id }) }] };
    },
  },
  {
    name: "list_notes",
    description: "Lists the notes.",
    inputSchema: { type: "object", properties: {} },
    outputSchema: {
      type: "object",
      properties: {
        notes: {
          type: "array",
          items: { type: "object", properties: { id: { type: "number" }, text: { type: "string" } } },
        },
      },
      required: ["notes"],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: () => {
      const list = [...notes].map(([id, text]) => ({ id, text }));
      return { structuredContent: { notes: list }, content: [{ type: "text", text: JSON.stringify({ notes: list }) }] };
    },
  },
  {
    name: "delete_note",
    description: "Deletes a note for good.",
    inputSchema: { type: "object", properties: { id: { type: "number" } }, required: ["id"] },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: ({ id }) => {
      if (!notes.delete(id)) {
        return { isError: true, content: [{ type: "text", text: `no note ${id}` }] };
      }
      return { content: [{ type: "text", text: `deleted note ${id}` }] };
    },
  },
  {
    name: "count_notes",
    description: "Counts the notes.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
    run: () => ({ content: [{ type: "text", text: String(notes.size) }] }),
  },
  {
    name: "count-notes",
    description: "Collides with count_notes once its name is sanitized.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
    run: () => ({ content: [{ type: "text", text: "the wrong tool" }] }),
  },
  {
    name: "wait_for_cancel",
    description: "Waits until the call is cancelled (at most 30 s), then adds the note \"cancelled\".",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: false, destructiveHint: false },
    run: (_args, signal) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ content: [{ type: "text", text: "not cancelled" }] }), 30000);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          notes.set(nextId++, "cancelled");
          resolve({ content: [{ type: "text", text: "cancelled" }] });
        });
      }),
  },
  {
    name: "crash",
    description: "Makes the server exit at once, without answering.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: false, destructiveHint: false },
    run: () => process.exit(3),
  },
];

const server = new Server({ name: "notes", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: tools.map(({ run, ...tool }) => tool),
}));
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const tool = tools.find((t) => t.name === request.params.name);
  if (!tool) {
    return { isError: true, content: [{ type: "text", text: `unknown tool ${request.params.name}` }] };
  }
  return tool.run(request.params.arguments ?? {}, extra.signal);
});
await server.connect(new StdioServerTransport());
