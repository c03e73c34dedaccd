// An MCP server behind OAuth for the tests, with its own authorization server, both written with
// the official TypeScript SDK's auth helpers: `node oauth-server.mjs MCP_PORT AUTH_PORT`. It
// prints `listening MCP_PORT AUTH_PORT` once both accept connections.
//
// The authorization server (on AUTH_PORT, at http://localhost) registers clients dynamically,
// approves every authorization at once (a person who always says yes: the redirect carries the
// code), checks PKCE, and issues access tokens that expire after ACCESS_TTL_S seconds (env,
// default 3600) with refresh tokens. The MCP server (on MCP_PORT, at /mcp) answers 401 with
// MCP's protected-resource metadata until a valid access token is sent, and serves one tool,
// `whoami`, that answers the client id the token was issued to.
import { randomUUID } from "node:crypto";
import express from "express";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  createOAuthMetadata,
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthMetadataRouter,
  mcpAuthRouter,
} from "@modelcontextprotocol/sdk/server/auth/router.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import { DemoInMemoryAuthProvider } from "@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js";

const mcpPort = Number(process.argv[2]);
const authPort = Number(process.argv[3]);
const ttl = Number(process.env.ACCESS_TTL_S ?? 3600);
const mcpUrl = new URL(`http://localhost:${mcpPort}/mcp`);
const issuer = new URL(`http://localhost:${authPort}`);

// The demo provider, with short-lived access tokens and refresh tokens.
class Provider extends DemoInMemoryAuthProvider {
  constructor() {
    super();
    this.refreshTokens = new Map();
  }
  issue(clientId, scopes, resource) {
    const token = randomUUID();
    const refresh = randomUUID();
    this.tokens.set(token, { token, clientId, scopes, expiresAt: Date.now() + ttl * 1000, resource, type: "access" });
    this.refreshTokens.set(refresh, { clientId, scopes, resource });
    return { access_token: token, token_type: "bearer", expires_in: ttl, refresh_token: refresh, scope: scopes.join(" ") };
  }
  async exchangeAuthorizationCode(client, code, verifier, redirectUri, resource) {
    const issued = await super.exchangeAuthorizationCode(client, code, verifier, redirectUri, resource);
    const data = this.tokens.get(issued.access_token);
    this.tokens.delete(issued.access_token);
    return this.issue(client.client_id, data.scopes, data.resource);
  }
  async exchangeRefreshToken(client, refreshToken) {
    const data = this.refreshTokens.get(refreshToken);
    if (!data || data.clientId !== client.client_id) throw new Error("invalid refresh token");
    this.refreshTokens.delete(refreshToken);
    return this.issue(client.client_id, data.scopes, data.resource);
  }
}

const provider = new Provider();
const authApp = express();
authApp.use(express.json());
authApp.use(mcpAuthRouter({ provider, issuerUrl: issuer, scopesSupported: ["mcp:tools"] }));
const oauthMetadata = createOAuthMetadata({ provider, issuerUrl: issuer, scopesSupported: ["mcp:tools"] });

const app = express();
app.use(express.json());
app.use(mcpAuthMetadataRouter({ oauthMetadata, resourceServerUrl: mcpUrl, scopesSupported: ["mcp:tools"], resourceName: "oauth test server" }));
const auth = requireBearerAuth({
  verifier: { verifyAccessToken: (token) => provider.verifyAccessToken(token) },
  requiredScopes: [],
  resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
});

const sessions = new Map();
app.all("/mcp", auth, async (req, res) => {
  const sessionId = req.headers["mcp-session-id"];
  let transport = sessionId ? sessions.get(sessionId) : undefined;
  if (!transport) {
    if (sessionId || req.method !== "POST") {
      res.status(404).json({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } });
      return;
    }
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => sessions.set(id, transport),
    });
    const server = new Server({ name: "oauth", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: "whoami", description: "Says which client the token was issued to.", inputSchema: { type: "object", properties: {} }, annotations: { readOnlyHint: true } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, async (_request, extra) => ({
      content: [{ type: "text", text: `client ${extra.authInfo?.clientId ?? "unknown"}` }],
    }));
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

let ready = 0;
const listening = () => {
  ready += 1;
  if (ready === 2) console.log(`listening ${mcpPort} ${authPort}`);
};
authApp.listen(authPort, "127.0.0.1", listening);
app.listen(mcpPort, "127.0.0.1", listening);
