/**
 * The service worker (Firefox: event page). It owns the WASM core, every network request and
 * storage; pages talk to it only through shared/messages.
 */
import { handleMessages, onChatConnect } from '../shared/messages';
import { pickProvider } from '../shared/settings';
import { runChat } from './chat';
import { contextHandlers, withMaterial } from './context-handlers';
import { setUpPageContext } from './page-context';
import { coreReady } from './core';
import { restoreRules, settingsHandlers } from './settings-handlers';
import { loadSettings } from './settings-store';

// Start loading the core now; handlers await the same promise (no top-level await in a worker).
void coreReady();
void restoreRules().catch(console.error);

setUpToolbarButton();
setUpPageContext();
handleMessages({ ...settingsHandlers, ...contextHandlers });

onChatConnect((port) => {
  const abort = new AbortController();
  port.listen((command) => {
    if (command.type === 'stop') {
      abort.abort();
      return;
    }
    void loadSettings().then(async (settings) => {
      const provider = pickProvider(settings, command.providerId);
      if (!provider) {
        port.post({
          type: 'error',
          code: 'bad_request',
          message: 'No provider is set up yet. Open Settings to add one.',
        });
        return;
      }
      const messages = await withMaterial(command.messages);
      return runChat(provider, messages, port.post, abort.signal, settings.timeouts, { model: command.model });
    });
  });
});

/** Chrome opens the side panel from the toolbar button; Firefox toggles its sidebar. */
function setUpToolbarButton(): void {
  // Typed as always present, but Firefox has no sidePanel API.
  if ('sidePanel' in chrome) {
    chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(console.error);
    return;
  }
  const sidebar = (globalThis as { browser?: { sidebarAction?: { toggle(): Promise<void> } } }).browser?.sidebarAction;
  if (sidebar) chrome.action.onClicked.addListener(() => void sidebar.toggle());
}
