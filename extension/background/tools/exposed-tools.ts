/**
 * The tools as the model sees them. A server's own names may hold characters the protocols
 * refuse (OpenAI and Anthropic take 1–64 of `a-z A-Z 0-9 _ -`), and two servers may both have a
 * `search`: each tool gets a name every protocol takes, unique among those offered, and the
 * worker maps a call back to the tool it means through this table alone.
 */
import type { ToolSpec } from '../core';
import type { OfferedTool } from './tool-source';

export interface ExposedTools {
  /** What the request offers. */
  specs: ToolSpec[];
  /** The tool each offered name means. */
  byName: Map<string, OfferedTool>;
}

const MAX_NAME = 64;

/** A tool's key for per-chat choices: its server and its own name. */
export const toolKey = (tool: Pick<OfferedTool, 'serverId' | 'tool'>): string =>
  `${tool.serverId ?? 'gloss'}/${tool.tool}`;

/** The tools to offer: not `off`, not switched off for this chat (`chatOff`, by `toolKey`). */
export function exposeTools(offered: readonly OfferedTool[], chatOff: ReadonlySet<string> = new Set()): ExposedTools {
  const byName = new Map<string, OfferedTool>();
  const specs: ToolSpec[] = [];
  for (const tool of offered) {
    if (tool.policy === 'off' || chatOff.has(toolKey(tool))) continue;
    const name = uniqueName(tool.tool, byName);
    byName.set(name, tool);
    specs.push({ name, description: tool.description, parameters: tool.parameters });
  }
  return { specs, byName };
}

/** `raw` in the characters every protocol takes, unique among `taken` (a number added if not). */
function uniqueName(raw: string, taken: ReadonlyMap<string, unknown>): string {
  const base = raw.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_NAME) || 'tool';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const name = base.slice(0, MAX_NAME - suffix.length) + suffix;
    if (!taken.has(name)) return name;
  }
}
