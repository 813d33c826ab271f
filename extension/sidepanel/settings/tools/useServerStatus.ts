/**
 * The servers' state for Settings → Tools (`server-status.ts`): read when the section opens and
 * whenever a server's connection changes (added, removed, switched, moved, its headers) or the
 * browser grants access to a site (the worker then tries a failed server again: one without
 * CORS headers fails until its origin is allowed, and Save tries it before the prompt is
 * answered), and no longer once Settings closes.
 */
import browser from 'webextension-polyfill';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { send } from '../../../shared/protocol';
import type { McpServer } from '../../../shared/tools/tool-settings';
import { ServerStatus } from './server-status';

export function useServerStatus(servers: readonly McpServer[]) {
  const [status] = useState(() => new ServerStatus((req) => send('mcp.status', req)));
  const view = useSyncExternalStore(status.subscribe, status.snapshot);
  // What Gloss connects with; a policy changed is not in it, and reads nothing again.
  const connections = JSON.stringify(servers.map((s) => [s.id, s.enabled, s.url, s.headerNames]));
  useEffect(() => {
    status.load();
    return status.stop;
  }, [status, connections]);
  useEffect(() => {
    const granted = () => status.load();
    browser.permissions.onAdded.addListener(granted);
    return () => browser.permissions.onAdded.removeListener(granted);
  }, [status]);
  return { ...view, load: status.load };
}
