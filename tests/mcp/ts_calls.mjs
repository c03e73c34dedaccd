// A second client written by others makes calls of `codemode mcp --http`: the official TypeScript
// SDK's Client over its StreamableHTTPClientTransport, with an elicitation handler that answers
// as told.
//
// Usage: node ts_calls.mjs URL [accept|decline|none] CALLS_JSON
//
// CALLS_JSON is a list of calls, `{"tool": NAME, "arguments": {...}}`, made in turn. With `none`
// the client declares no elicitation capability. Prints one JSON object: the tools listed, the
// questions the server asked, each call's structured content and isError, and the status of the
// session's close.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const [url, elicit, callsJson] = process.argv.slice(2);
const calls = JSON.parse(callsJson);
const capabilities = elicit === "none" ? {} : { elicitation: { form: {} } };
const client = new Client({ name: "ts-calls", version: "1.0.0" }, { capabilities });
const asked = [];
if (elicit !== "none") {
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return elicit === "accept" ? { action: "accept", content: {} } : { action: elicit };
  });
}
const transport = new StreamableHTTPClientTransport(new URL(url));
await client.connect(transport);
const listed = await client.listTools();
const answers = [];
for (const call of calls) {
  const result = await client.callTool({ name: call.tool, arguments: call.arguments });
  answers.push({ structuredContent: result.structuredContent, isError: result.isError });
}
// Ending the session: the SDK throws when the server's answer is not a success.
let closed = "ok";
try {
  await transport.terminateSession();
} catch (error) {
  closed = String(error);
}
await client.close();
console.log(JSON.stringify({ tools: listed.tools.map((tool) => tool.name), asked, answers, closed }));
