// line 1
declare const tools: {
  list_users(args: { team: string; limit?: number }): Promise<Array<{ id: unknown; name: unknown; email: unknown }>>;
  get_forecast(args: { city: string; days: number }): Promise<{ summary: unknown }>;
  send_email(args: { to: string; subject?: string; urgent?: boolean }): Promise<string>;
};
// line 2
declare const tools: {
  constructor(args: { __proto__?: string; "my-arg": number; delete?: boolean }): Promise<Record<string, unknown>>;
  then(args?: Record<string, never>): Promise<string>;
  ping(args?: Record<string, never>): Promise<Array<Record<string, unknown>>>;
};
// line 3
declare const tools: {
  a(args: { x: string }): Promise<Array<{ "p q": unknown; "\u2028": unknown }>>;
};
// line 4: {"diagnostic":"input: unexpected key \"extra\"; accepted: \"tools\" (or a planner record)"}
// line 5: {"diagnostic":"input: a number, expected an object or an array"}
