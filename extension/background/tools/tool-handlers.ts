/**
 * The worker's side of Settings → Tools (`TOOL_MESSAGES`): MCP servers saved, switched, removed
 * and read, each tool's policy, and the loop's limits. Header values go to the key store, bound
 * to the server's origin, and never come back to the panel (it sees `headerNames`).
 *
 * Host access: the panel asks for the server's origin (a user gesture) before `mcp.save`, as
 * for a provider; the worker's requests to the server need it. Removing a server (or moving it)
 * gives back its origin once no provider or other server is on it.
 */
import type { Handlers } from '../../shared/protocol';
import { originOf } from '../../shared/key-origin';
import { t } from '../../shared/i18n';
import { toPublic, type StoredSettings } from '../../shared/settings';
import { mcpUrlProblem } from '../../shared/tools/mcp-url';
import { GLOSS_TOOLS, type GlossTool, type McpServerInput } from '../../shared/tools/tool-settings';
import type { Db } from '../db';
import { releaseUnneededOrigins } from '../settings/host-access';
import { loadSettings, saveSettings, type SettingsPlaces } from '../settings/settings-store';
import type { OfferedTool } from './tool-source';
import type { McpServers } from './mcp-servers';
import { changeServer, headersProblem, removeServer, setEnabled, setPolicy, upsertServer } from './mcp-settings';
import { removeHeaders, saveHeaders, savedHeadersOrigin } from './server-headers';

type ToolHandlers = Pick<
  Handlers,
  'mcp.save' | 'mcp.remove' | 'mcp.enable' | 'mcp.policy' | 'mcp.status' | 'tools.limits' | 'tools.glossPolicy'
>;

export interface ToolHandlerDeps {
  servers: McpServers;
  /** Where the settings live (the browser's unless a test says otherwise). */
  places?: SettingsPlaces;
  db: () => Promise<Db>;
  /** Gives back host access no saved provider or server needs. */
  release?: (settings: StoredSettings) => Promise<void>;
}

export function toolHandlers(deps: ToolHandlerDeps): ToolHandlers {
  const load = () => loadSettings(deps.places);
  const commit = async (next: StoredSettings) => {
    await saveSettings(next, deps.places);
    await (deps.release ?? releaseUnneededOrigins)(next).catch(console.error);
    return toPublic(next);
  };
  return {
    'mcp.save': async ({ server }) => save(server, deps, load, commit),
    'mcp.remove': async ({ id }) => {
      await removeHeaders(await deps.db(), id);
      return commit(removeServer(await load(), id));
    },
    'mcp.enable': async ({ id, enabled }) => commit(changeServer(await load(), id, setEnabled(enabled))),
    'mcp.policy': async ({ id, tool, policy }) => commit(changeServer(await load(), id, setPolicy(tool, policy))),
    'mcp.status': async ({ refresh }) => ({ servers: await deps.servers.status(refresh === true) }),
    'tools.limits': async (toolLimits) => commit({ ...(await load()), toolLimits }),
    'tools.glossPolicy': async ({ tool, policy }) => {
      const settings = await load();
      return commit({ ...settings, glossPolicies: { ...settings.glossPolicies, [tool]: policy } });
    },
  };
}

/** "Always allow this tool", said on a call: its policy becomes Allow on its server. */
export async function allowAlways(tool: OfferedTool, places?: SettingsPlaces): Promise<void> {
  const settings = await loadSettings(places);
  if (tool.serverId !== undefined) {
    await saveSettings(changeServer(settings, tool.serverId, setPolicy(tool.tool, 'allow')), places);
  } else if (isGlossTool(tool.tool)) {
    await saveSettings({ ...settings, glossPolicies: { ...settings.glossPolicies, [tool.tool]: 'allow' } }, places);
  }
}

/** Checks and saves one server: its headers first (bound to its origin), then the settings. */
async function save(
  input: McpServerInput,
  deps: ToolHandlerDeps,
  load: () => Promise<StoredSettings>,
  commit: (next: StoredSettings) => Promise<ReturnType<typeof toPublic>>,
) {
  const urlProblem = mcpUrlProblem(input.url);
  if (urlProblem) return { ok: false as const, field: 'url', message: urlProblem };
  const typed = input.headers && headersProblem(input.headers);
  if (typed) return { ok: false as const, field: 'headers', message: typed };
  const db = await deps.db();
  const settings = await load();
  const known = input.id !== undefined && settings.mcpServers.some((s) => s.id === input.id);
  if (input.id !== undefined && !known) throw new Error(t('mcpNoSuchServer'));
  // Saved headers never follow a server to another origin on their own: they are typed again.
  const heldAt = known && input.headers === undefined ? await savedHeadersOrigin(db, input.id ?? '') : undefined;
  const to = originOf(input.url) ?? input.url;
  if (heldAt !== undefined && heldAt !== to)
    return { ok: false as const, field: 'headers', message: t('mcpHeadersMove', heldAt, to) };
  const next = upsertServer(settings, input, () => crypto.randomUUID());
  if ('problem' in next) return { ok: false as const, field: 'url', message: next.problem };
  if (input.headers) await saveHeaders(db, next.id, input.url, input.headers);
  return { ok: true as const, id: next.id, settings: await commit(next.settings) };
}

const isGlossTool = (name: string): name is GlossTool => (GLOSS_TOOLS as readonly string[]).includes(name);
