/**
 * The service worker (Firefox: event page). It owns the WASM core, every network request and
 * storage; pages talk to it only through shared/protocol.
 */
import browser from 'webextension-polyfill';
import { handleMessages, onChatConnect, onTransferConnect } from '../shared/protocol';
import { AnswerRegistry } from './answers/answer-registry';
import { serveChat } from './answers/chat-port';
import { contextHandlers } from './material/context-handlers';
import { coreReady } from './core';
import { openGlossDb } from './db';
import { historyHandlers } from './history/history-handlers';
import { generateLocal } from './local-model/local-model';
import { localModelHandlers } from './local-model/local-model-handlers';
import { serveExport, serveImport } from './history/history-transfer';
import { HistoryStore } from './history/history-store';
import { setUpImageMenus } from './material/image-menus';
import { setUpPageContext } from './material/page-context';
import { withMaterial } from './answers/prompt';
import { setUpToolbarButton, trackPanels } from './panel';
import { restoreRules, settingsHandlers } from './settings/settings-handlers';
import { loadSettings, settingsSaves } from './settings/settings-store';
import { restrictStorage } from './settings/storage-access';
import { McpServers } from './tools/mcp-servers';
import { headersFor } from './tools/server-headers';
import { allowAlways, toolHandlers } from './tools/tool-handlers';
import { readWebPage } from './web/read-page';
import { webHandlers } from './web/web-handlers';
import { webTools } from './web/web-tools';

// Start loading the core and the database now; handlers await the same promises (no top-level
// await in a worker). Opening the database first marks answers a previous worker left
// unfinished as interrupted: no answer can be running in a worker that just started.
void restrictStorage();
void coreReady();
void restoreRules().catch(console.error);
let opening: Promise<HistoryStore> | undefined;
function store(): Promise<HistoryStore> {
  opening ??= openGlossDb().then(async (db) => {
    const history = new HistoryStore(db);
    await history.recoverInterrupted();
    return history;
  });
  opening.catch(() => (opening = undefined)); // a failed open is tried again next time
  return opening;
}
void store().catch(console.error);

// The MCP servers' header values and the search engines' keys live beside the API keys; the
// registry connects on first use.
let keyDb: ReturnType<typeof openGlossDb> | undefined;
const db = () => (keyDb ??= openGlossDb());
const mcpServers = new McpServers({
  settings: loadSettings,
  saved: settingsSaves,
  headers: async (server) => headersFor(await db(), server),
});
// A server Save could not reach for want of access connects again once the user allows it.
browser.permissions.onAdded.addListener(() => mcpServers.accessGranted());

const answers = new AnswerRegistry({
  store,
  settings: loadSettings,
  withMaterial,
  heartbeat: () => void browser.runtime.getPlatformInfo(),
  tools: { source: mcpServers, allowAlways, web: webTools },
});

setUpToolbarButton();
trackPanels();
setUpPageContext();
setUpImageMenus();
handleMessages({
  ...settingsHandlers,
  ...contextHandlers,
  ...historyHandlers(store, answers),
  ...toolHandlers({ servers: mcpServers, db }),
  ...webHandlers({ db }),
  ...localModelHandlers(),
});

onChatConnect((port) => serveChat(port, answers));
onTransferConnect({ export: (port) => serveExport(port, store), import: (port) => serveImport(port, store) });

// The web reader and the local model on the worker's own global, where only code in the worker
// (and its DevTools target, which e2e/read-page.e2e.ts and e2e/local-model.e2e.ts drive) can
// reach them; the fetch_url tool calls the reader directly.
Object.assign(globalThis, { __glossReadWebPage: readWebPage, __glossGenerateLocal: generateLocal });
