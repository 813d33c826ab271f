/**
 * The MCP servers as a `ToolSource`: one connection per enabled server, made when first needed
 * and reused; made again when the server's URL or headers change, when it was lost, or (after a
 * pause, or at once when the browser grants access to a site) when it failed. The settings are
 * read on each use, so a change made anywhere (the panel, another window) is picked up without
 * being told; a call reuses what was read last while no save came since (`saved`), as each
 * round of a tool loop calls.
 */
import { t } from '../../shared/i18n';
import { originOf } from '../../shared/key-origin';
import type { StoredSettings } from '../../shared/settings';
import { mcpUrlProblem } from '../../shared/tools/mcp-url';
import type { MissingTools } from '../../shared/tools/tool-steps';
import { DEFAULT_POLICY, type McpServer, type ServerState } from '../../shared/tools/tool-settings';
import { connectMcp, type ConnectOptions, type McpConnection } from './mcp/mcp-connection';
import type { ServerHeaders } from './server-headers';
import type { OfferedTool, ToolOutcome, ToolSource } from './tool-source';

/** A failed server is tried again on use after this long (a question, Settings → Tools). */
export const RETRY_AFTER_MS = 30_000;

export interface McpServersDeps {
  settings: () => Promise<StoredSettings>;
  /**
   * A count that changes whenever the settings are saved (`settingsSaves`): while it stands, a
   * call checks its server and policy against the settings read last instead of reading them
   * again. Without it, every call reads them.
   */
  saved?: () => number;
  headers: (server: McpServer) => Promise<ServerHeaders>;
  connect?: (options: ConnectOptions) => Promise<McpConnection>;
  now?: () => number;
}

interface Entry {
  /** The URL and headers it was made with: a change means a new connection. */
  key: string;
  url: string;
  pending?: Promise<void>;
  connection?: McpConnection;
  error?: string;
  failedAt?: number;
}

export class McpServers implements ToolSource {
  private readonly entries = new Map<string, Entry>();
  /** The servers enabled at the last `offered()`. */
  private enabledAtLast: McpServer[] = [];
  /** When access to a site was last granted: connections started before it may fail for want of it. */
  private grantedAt = -Infinity;
  /** The settings read last, and the count of saves when the reading began. */
  private read: { saves: number; settings: StoredSettings } | undefined;
  constructor(private readonly deps: McpServersDeps) {}

  async offered(): Promise<OfferedTool[]> {
    const servers = await this.ready();
    this.enabledAtLast = servers;
    return servers.flatMap((server) =>
      (this.entries.get(server.id)?.connection?.tools ?? []).map((tool) => ({
        serverId: server.id,
        source: server.name,
        tool: tool.name,
        description: tool.description,
        parameters: tool.parameters,
        policy: server.policies[tool.name] ?? DEFAULT_POLICY,
      })),
    );
  }

  async call(
    tool: OfferedTool,
    args: Record<string, unknown>,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<ToolOutcome> {
    const server = (await this.current()).mcpServers.find((s) => s.id === tool.serverId);
    if (!server) return { isError: true, text: t('mcpNoSuchServer') };
    if (!server.enabled) return { isError: true, text: t('mcpServerOff', server.name) };
    // Checked again here: the loop offers no `off` tool, and one switched off since is not run.
    if ((server.policies[tool.tool] ?? DEFAULT_POLICY) === 'off')
      return { isError: true, text: t('mcpToolOff', tool.tool) };
    // A connection made for this address (at the answer's start, with the headers then saved)
    // serves its calls: reading the headers again for every call cost each round of the loop.
    const open = this.entries.get(server.id);
    if (!open?.connection || open.connection.lost || open.url !== server.url) await this.ensure(server);
    const entry = this.entries.get(server.id);
    if (!entry?.connection) return { isError: true, text: entry?.error ?? t('mcpNoSuchServer') };
    return entry.connection.call(tool.tool, args, signal, timeoutMs);
  }

  /** The enabled servers that failed to connect (as of the last `offered`), and why. */
  missing(): MissingTools[] {
    return this.enabledAtLast.flatMap((server) => {
      const error = this.entries.get(server.id)?.error;
      return error !== undefined && !this.entries.get(server.id)?.connection
        ? [{ source: server.name, problem: error }]
        : [];
    });
  }

  /**
   * The browser granted access to a site: what failed is tried again on its next use, not after
   * the pause. A server that sends no CORS headers fails as unreachable until its origin is
   * allowed, and the prompt that allows it is answered after Save has already tried it.
   */
  accessGranted(): void {
    this.grantedAt = (this.deps.now ?? Date.now)();
  }

  /** Each server's state; `refresh` drops every connection (and failure) and connects again. */
  async status(refresh = false): Promise<ServerState[]> {
    if (refresh) await this.closeAll();
    const { mcpServers } = await this.deps.settings();
    await this.ready();
    return mcpServers.map((server) => this.state(server));
  }

  async closeAll(): Promise<void> {
    const closing = [...this.entries.values()].map(async (e) => e.connection?.close().catch(() => undefined));
    this.entries.clear();
    await Promise.all(closing);
  }

  /**
   * The settings as a call checks them: those read last while no save came since (a call
   * follows the answer's `offered()` or an earlier call), else read now. Every save, from any
   * window, goes through the worker and changes the count.
   */
  private async current(): Promise<StoredSettings> {
    const saves = this.deps.saved?.();
    if (saves !== undefined && this.read?.saves === saves) return this.read.settings;
    return this.settings();
  }

  private async settings(): Promise<StoredSettings> {
    const saves = this.deps.saved?.();
    const settings = await this.deps.settings();
    if (saves !== undefined) this.read = { saves, settings };
    return settings;
  }

  /** The enabled servers, each connected or failed; connections to servers gone or changed are closed. */
  private async ready(): Promise<McpServer[]> {
    const { mcpServers } = await this.settings();
    const enabled = mcpServers.filter((s) => s.enabled);
    for (const id of this.entries.keys()) if (!enabled.some((s) => s.id === id)) this.drop(id);
    await Promise.all(enabled.map((server) => this.ensure(server)));
    return enabled;
  }

  private async ensure(server: McpServer): Promise<void> {
    const headers = await this.deps.headers(server);
    const key = JSON.stringify([server.url, headers]);
    let entry = this.entries.get(server.id);
    if (entry && entry.key !== key) this.drop(server.id);
    entry = this.entries.get(server.id);
    if (entry?.pending) return entry.pending;
    if (entry?.connection && !entry.connection.lost) return;
    const now = (this.deps.now ?? Date.now)();
    // `failedAt` is when that attempt started: one started before a grant is tried again.
    const failedAt = entry?.failedAt;
    if (failedAt !== undefined && now - failedAt < RETRY_AFTER_MS && failedAt > this.grantedAt) return;
    if (entry?.connection) this.drop(server.id);
    const fresh: Entry = { key, url: server.url };
    this.entries.set(server.id, fresh);
    fresh.pending = this.open(server, headers).then(
      (connection) => {
        // Dropped while connecting (its settings changed): this connection is nobody's.
        if (this.entries.get(server.id) !== fresh) void connection.close().catch(() => undefined);
        Object.assign(fresh, { connection, pending: undefined });
      },
      (e: unknown) => void Object.assign(fresh, { error: (e as Error).message, failedAt: now, pending: undefined }),
    );
    return fresh.pending;
  }

  private async open(server: McpServer, headers: ServerHeaders): Promise<McpConnection> {
    // Checked again at each connection, whatever changed the stored settings since they were saved.
    const problem = mcpUrlProblem(server.url);
    if (problem) throw new Error(problem);
    if ('heldFor' in headers) throw new Error(t('mcpHeadersHeld', headers.heldFor, originOf(server.url) ?? server.url));
    return (this.deps.connect ?? connectMcp)({ url: server.url, headers: headers.headers });
  }

  private drop(id: string): void {
    void this.entries
      .get(id)
      ?.connection?.close()
      .catch(() => undefined);
    this.entries.delete(id);
  }

  private state(server: McpServer): ServerState {
    const entry = this.entries.get(server.id);
    if (!server.enabled) return { id: server.id, state: 'off', tools: [] };
    if (entry?.connection) {
      const tools = entry.connection.tools.map(({ name, description }) => ({ name, description }));
      return { id: server.id, state: 'connected', tools };
    }
    if (entry?.error !== undefined) return { id: server.id, state: 'failed', tools: [], error: entry.error };
    return { id: server.id, state: 'connecting', tools: [] };
  }
}
