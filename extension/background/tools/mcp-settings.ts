/**
 * The settings changes Settings → Tools asks for, as plain functions of the stored settings
 * (the handlers in `tool-handlers.ts` load, apply and save them). Header values are not here:
 * only their names are settings; the values go to the key store (`server-headers.ts`).
 */
import { t } from '../../shared/i18n';
import type { StoredSettings } from '../../shared/settings';
import { MAX_SERVERS, type McpServer, type McpServerInput, type ToolPolicy } from '../../shared/tools/tool-settings';

/**
 * Headers the transports set themselves; one typed by the user would replace theirs and break
 * the protocol (the SDK lets request headers override its own).
 */
const RESERVED = new Set([
  'accept',
  'content-type',
  'content-length',
  'host',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
]);

/** What is wrong with the headers typed for a server, or null. */
export function headersProblem(headers: Record<string, string>): string | null {
  for (const [name, value] of Object.entries(headers)) {
    if (RESERVED.has(name.trim().toLowerCase())) return t('mcpHeaderReserved', name);
    try {
      // The browser's own rule for a header it will send (a token name, a one-line value).
      new Headers([[name, value]]);
    } catch {
      return t('mcpHeaderInvalid', name);
    }
    if (name.trim() === '' || /[\r\n]/.test(value)) return t('mcpHeaderInvalid', name);
  }
  return null;
}

/** The settings with the server added or changed, or why not (too many servers). */
export function upsertServer(
  settings: StoredSettings,
  input: McpServerInput,
  newId: () => string,
): { settings: StoredSettings; id: string } | { problem: string } {
  const existing = settings.mcpServers.find((s) => s.id === input.id);
  if (!existing && settings.mcpServers.length >= MAX_SERVERS) return { problem: t('mcpTooMany', MAX_SERVERS) };
  const server: McpServer = {
    id: existing?.id ?? newId(),
    name: input.name.trim(),
    url: input.url.trim(),
    headerNames: input.headers ? Object.keys(input.headers) : (existing?.headerNames ?? []),
    enabled: existing?.enabled ?? true,
    policies: existing?.policies ?? {},
  };
  const mcpServers = existing
    ? settings.mcpServers.map((s) => (s.id === server.id ? server : s))
    : [...settings.mcpServers, server];
  return { settings: { ...settings, mcpServers }, id: server.id };
}

export function removeServer(settings: StoredSettings, id: string): StoredSettings {
  return { ...settings, mcpServers: settings.mcpServers.filter((s) => s.id !== id) };
}

/** The settings with one server changed; an unknown id is an error (the panel is out of date). */
export function changeServer(
  settings: StoredSettings,
  id: string,
  change: (server: McpServer) => McpServer,
): StoredSettings {
  if (!settings.mcpServers.some((s) => s.id === id)) throw new Error(t('mcpNoSuchServer'));
  return { ...settings, mcpServers: settings.mcpServers.map((s) => (s.id === id ? change(s) : s)) };
}

export const setEnabled = (enabled: boolean) => (server: McpServer) => ({ ...server, enabled });

export const setPolicy = (tool: string, policy: ToolPolicy) => (server: McpServer) => ({
  ...server,
  policies: { ...server.policies, [tool]: policy },
});
