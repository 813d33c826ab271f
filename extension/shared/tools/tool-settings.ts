/**
 * The tools' part of the stored settings: the MCP servers the user added, each tool's policy,
 * and the loop's limits. A server's header values (an `Authorization: Bearer …` token) are
 * secrets kept like API keys, in the worker's IndexedDB bound to the server's origin; the
 * settings hold only their names. Absent in older records, or damaged: the defaults, without
 * losing the rest of the settings.
 */
import * as v from 'valibot';

/** What a tool may do: run without asking, run after the user allows it, or never be offered. */
export const TOOL_POLICIES = ['allow', 'ask', 'off'] as const;
export type ToolPolicy = (typeof TOOL_POLICIES)[number];
/** Every MCP tool asks first until the user loosens it. */
export const DEFAULT_POLICY: ToolPolicy = 'ask';

export const MAX_SERVERS = 20;
/** The most header values a server may have (names and values are bounded in `McpServerInputSchema`). */
export const MAX_HEADERS = 10;

export const McpServerSchema = v.object({
  id: v.string(),
  /** The user's name for it, shown on each step: "Called get_weather on My server". */
  name: v.string(),
  /** Its Streamable HTTP (or older HTTP+SSE) endpoint. */
  url: v.string(),
  /** The names of the headers saved for it; their values live in the worker's key store. */
  headerNames: v.array(v.string()),
  /** Switched off: its tools are not offered, and Gloss does not connect to it. */
  enabled: v.boolean(),
  /** Each tool's policy by the server's name for it; a tool not listed asks (`DEFAULT_POLICY`). */
  policies: v.record(v.string(), v.picklist(TOOL_POLICIES)),
});
export type McpServer = v.InferOutput<typeof McpServerSchema>;

export const ToolLimitsSchema = v.object({
  /** Model → calls → results → model rounds in one answer before Gloss stops the loop. */
  maxRounds: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)),
  /** Seconds one call may run before it is stopped and reported to the model as failed. */
  callTimeoutSeconds: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(600)),
});
export type ToolLimits = v.InferOutput<typeof ToolLimitsSchema>;
export const DEFAULT_TOOL_LIMITS: ToolLimits = { maxRounds: 10, callTimeoutSeconds: 60 };

/**
 * Gloss's own tools (`background/web/gloss-tools.ts`), offered while a chat's "Search the web"
 * is on. They run without asking by default, and each keeps its own rule for when it asks
 * anyway (`fetch_url` for an address that came from neither the user nor this answer's searches).
 */
export const GLOSS_TOOLS = ['web_search', 'fetch_url', 'read_tab'] as const;
export type GlossTool = (typeof GLOSS_TOOLS)[number];
export const DEFAULT_GLOSS_POLICY: ToolPolicy = 'allow';

/** The tools' entries in the stored and public settings (headers are never in either). */
export const ToolSettingsEntries = {
  mcpServers: v.fallback(v.optional(v.pipe(v.array(McpServerSchema), v.maxLength(MAX_SERVERS)), []), []),
  toolLimits: v.fallback(v.optional(ToolLimitsSchema, DEFAULT_TOOL_LIMITS), DEFAULT_TOOL_LIMITS),
  /** Gloss's own tools' policies by name; a tool not listed has `DEFAULT_GLOSS_POLICY`. */
  glossPolicies: v.fallback(v.optional(v.record(v.picklist(GLOSS_TOOLS), v.picklist(TOOL_POLICIES)), {}), {}),
};

/** A Gloss tool's policy as the settings have it. */
export const glossPolicy = (policies: Partial<Record<GlossTool, ToolPolicy>>, tool: GlossTool): ToolPolicy =>
  policies[tool] ?? DEFAULT_GLOSS_POLICY;

/**
 * What the panel sends to add (no `id`) or change a server. `headers` undefined keeps the
 * stored ones; an object replaces them (empty removes them all).
 */
export const McpServerInputSchema = v.object({
  id: v.optional(v.string()),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  url: v.pipe(v.string(), v.trim(), v.maxLength(2048)),
  headers: v.optional(
    v.pipe(
      v.record(v.pipe(v.string(), v.maxLength(256)), v.pipe(v.string(), v.maxLength(8192))),
      v.check((h) => Object.keys(h).length <= MAX_HEADERS),
    ),
  ),
});
export type McpServerInput = v.InferOutput<typeof McpServerInputSchema>;

/** A server's state as the worker last found it, for Settings and the composer. */
export const ServerStateSchema = v.object({
  id: v.string(),
  state: v.picklist(['off', 'connecting', 'connected', 'failed']),
  /** Its tools as the server lists them (connected only). */
  tools: v.array(v.object({ name: v.string(), description: v.string() })),
  /** What stopped it, in words for the user (failed only). */
  error: v.optional(v.string()),
});
export type ServerState = v.InferOutput<typeof ServerStateSchema>;
