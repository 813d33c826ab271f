/**
 * The one-shot messages about tools (part of `Protocol` in `protocol/envelope.ts`): the panel
 * adds, changes and removes MCP servers, sets each tool's policy and the loop's limits, and
 * reads the servers' state.
 */
import * as v from 'valibot';
import { PublicSettingsSchema } from '../settings';
import { GLOSS_TOOLS, McpServerInputSchema, ServerStateSchema, TOOL_POLICIES, ToolLimitsSchema } from './tool-settings';

export const TOOL_MESSAGES = {
  /** Saves a server; `field` names what to fix when it cannot be (`url`, `name`, `headers`). */
  'mcp.save': {
    req: v.object({ server: McpServerInputSchema }),
    res: v.variant('ok', [
      v.object({ ok: v.literal(true), id: v.string(), settings: PublicSettingsSchema }),
      v.object({ ok: v.literal(false), field: v.string(), message: v.string() }),
    ]),
  },
  'mcp.remove': { req: v.object({ id: v.string() }), res: PublicSettingsSchema },
  'mcp.enable': { req: v.object({ id: v.string(), enabled: v.boolean() }), res: PublicSettingsSchema },
  'mcp.policy': {
    req: v.object({ id: v.string(), tool: v.pipe(v.string(), v.maxLength(256)), policy: v.picklist(TOOL_POLICIES) }),
    res: PublicSettingsSchema,
  },
  /** Each server's state; `refresh` connects again (and lists its tools again) first. */
  'mcp.status': {
    req: v.object({ refresh: v.optional(v.boolean()) }),
    res: v.object({ servers: v.array(ServerStateSchema) }),
  },
  'tools.limits': { req: ToolLimitsSchema, res: PublicSettingsSchema },
  /** One of Gloss's own tools' policy. */
  'tools.glossPolicy': {
    req: v.object({ tool: v.picklist(GLOSS_TOOLS), policy: v.picklist(TOOL_POLICIES) }),
    res: PublicSettingsSchema,
  },
} as const;
