/**
 * The tools a chat may use, as the composer's Tools button shows them: each enabled server's
 * tools with whether this chat uses them. A tool set to Off in Settings is never offered, so it
 * cannot be switched on here; the others are on unless this chat switched them off.
 */
import type { McpServer, ServerState } from '../../shared/tools/tool-settings';

export interface ChatTool {
  /** `serverId/tool`, as the worker matches a chat's choices (`exposed-tools.ts`). */
  key: string;
  name: string;
  description: string;
  /** This chat offers it to the model. */
  on: boolean;
  /** Off in Settings: never offered, whatever the chat says. */
  offInSettings: boolean;
}

export interface ChatToolGroup {
  serverId: string;
  server: string;
  state: ServerState['state'] | 'unknown';
  error?: string;
  tools: ChatTool[];
}

export const toolKey = (serverId: string, tool: string): string => `${serverId}/${tool}`;

/** The enabled servers' tools for this chat, and how many of them it offers. */
export function chatTools(
  servers: readonly McpServer[],
  states: ReadonlyMap<string, ServerState> | null,
  off: readonly string[],
): { groups: ChatToolGroup[]; on: number } {
  const groups = servers
    .filter((s) => s.enabled)
    .map((server): ChatToolGroup => {
      const state = states?.get(server.id);
      const tools = (state?.tools ?? []).map((tool): ChatTool => {
        const key = toolKey(server.id, tool.name);
        const offInSettings = server.policies[tool.name] === 'off';
        return {
          key,
          name: tool.name,
          description: tool.description,
          offInSettings,
          on: !offInSettings && !off.includes(key),
        };
      });
      return { serverId: server.id, server: server.name, state: state?.state ?? 'unknown', error: state?.error, tools };
    });
  const on = groups.reduce((n, g) => n + g.tools.filter((t) => t.on).length, 0);
  return { groups, on };
}

/** The chat's switched-off list with `key` switched on or off. */
export function switched(off: readonly string[], key: string, on: boolean): string[] {
  const rest = off.filter((k) => k !== key);
  return on ? rest : [...rest, key];
}
