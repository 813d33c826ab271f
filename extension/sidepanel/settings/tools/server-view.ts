/**
 * What Settings → Tools shows of a server: its state in words, from the settings (switched off)
 * and the worker's last `mcp.status` answer, and its tools with their policies. A tool's name
 * and description come from the server and are untrusted: they are only ever shown as text,
 * and a description is cut short (a server may send pages of it).
 */
import { plural, t } from '../../../shared/i18n';
import { DEFAULT_POLICY, type McpServer, type ServerState, type ToolPolicy } from '../../../shared/tools/tool-settings';

/** The longest description shown, in characters; the CSS clamps it to a few lines too. */
export const DESCRIPTION_LIMIT = 300;

export interface StateLine {
  text: string;
  /** How it looks: connected, on its way, failed, or nothing going on. */
  tone: 'ok' | 'pending' | 'error' | 'idle';
}

export interface ToolRow {
  name: string;
  description: string;
  policy: ToolPolicy;
}

/** The server's state in words. `state` undefined: the worker has not answered yet. */
export function stateLine(server: Pick<McpServer, 'enabled'>, state: ServerState | undefined): StateLine {
  if (!server.enabled) return { text: t('serverOff'), tone: 'idle' };
  switch (state?.state) {
    case undefined:
      return { text: t('serverChecking'), tone: 'pending' };
    case 'connecting':
      return { text: t('serverConnecting'), tone: 'pending' };
    case 'connected':
      return { text: plural(state.tools.length, 'serverConnectedOne', 'serverConnectedMany'), tone: 'ok' };
    case 'failed':
      return { text: t('serverFailed', state.error ?? t('serverFailedUnknown')), tone: 'error' };
    case 'off':
      return { text: t('serverNotConnected'), tone: 'idle' };
  }
}

/** The server's tools as listed when connected (none otherwise), each with its policy. */
export function toolRows(server: Pick<McpServer, 'enabled' | 'policies'>, state: ServerState | undefined): ToolRow[] {
  if (!server.enabled || state?.state !== 'connected') return [];
  return state.tools.map((tool) => ({
    name: tool.name,
    description: clampDescription(tool.description),
    policy: server.policies[tool.name] ?? DEFAULT_POLICY,
  }));
}

/** A description on one run of text (its spacing collapsed), cut at `limit` characters with "…". */
export function clampDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  // Cut between whole UTF-16 pairs: a lone surrogate would show as a replacement character.
  const cut = flat.slice(0, limit).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut.trimEnd()}…`;
}
