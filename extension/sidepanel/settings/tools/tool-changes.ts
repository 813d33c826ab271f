/**
 * The changes Settings → Tools makes through the worker (`TOOL_MESSAGES`): each answers with the
 * settings as they now are, which replace the panel's copy. Also the loop's limits as the form
 * stores them. Plain, so it is tested in Node with a fake `send`.
 */
import type * as v from 'valibot';
import type { PublicSettings } from '../../../shared/settings';
import type { TOOL_MESSAGES } from '../../../shared/tools/tool-messages';
import {
  DEFAULT_TOOL_LIMITS,
  type GlossTool,
  type McpServerInput,
  type ToolLimits,
  type ToolPolicy,
} from '../../../shared/tools/tool-settings';

type ToolMessage = keyof typeof TOOL_MESSAGES;
export type ToolReq<K extends ToolMessage> = v.InferOutput<(typeof TOOL_MESSAGES)[K]['req']>;
export type ToolRes<K extends ToolMessage> = v.InferOutput<(typeof TOOL_MESSAGES)[K]['res']>;
/** `send` from shared/protocol, for the tool messages. */
export type SendTool = <K extends ToolMessage>(name: K, req: ToolReq<K>) => Promise<ToolRes<K>>;

export function toolChanges(send: SendTool, apply: (settings: PublicSettings) => void) {
  return {
    /** Adds or changes a server; a refusal names the field to fix. */
    save: async (server: McpServerInput): Promise<ToolRes<'mcp.save'>> => {
      const saved = await send('mcp.save', { server });
      if (saved.ok) apply(saved.settings);
      return saved;
    },
    remove: async (id: string) => apply(await send('mcp.remove', { id })),
    enable: async (id: string, enabled: boolean) => apply(await send('mcp.enable', { id, enabled })),
    policy: async (id: string, tool: string, policy: ToolPolicy) =>
      apply(await send('mcp.policy', { id, tool, policy })),
    limits: async (limits: ToolLimits) => apply(await send('tools.limits', limits)),
    glossPolicy: async (tool: GlossTool, policy: ToolPolicy) =>
      apply(await send('tools.glossPolicy', { tool, policy })),
  };
}

export type ToolChanges = ReturnType<typeof toolChanges>;

/** The limits' bounds, as `ToolLimitsSchema` has them. */
export const LIMIT_BOUNDS = {
  maxRounds: { min: 1, max: 50 },
  callTimeoutSeconds: { min: 5, max: 600 },
} as const;

/** Limits as typed, made whole numbers within their bounds; a field left empty (or not a number) is the default. */
export function clampLimits(typed: Record<keyof ToolLimits, string>): ToolLimits {
  const clamp = (key: keyof ToolLimits) => {
    const n = Math.round(Number(typed[key]));
    const { min, max } = LIMIT_BOUNDS[key];
    return typed[key].trim() !== '' && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : DEFAULT_TOOL_LIMITS[key];
  };
  return { maxRounds: clamp('maxRounds'), callTimeoutSeconds: clamp('callTimeoutSeconds') };
}
