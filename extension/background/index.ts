/**
 * The service worker (Firefox: event page). It owns the WASM core, every network request and
 * storage; pages talk to it only through shared/messages.
 */
import { handleMessages, onChatConnect } from '../shared/messages';
import { applyProviderInput, toPublic } from '../shared/settings';
import { runChat } from './chat';
import { coreReady } from './core';
import { loadSettings, saveSettings } from './settings-store';
import { checkProvider } from './validate';

// Start loading the core now; handlers await the same promise (no top-level await in a worker).
void coreReady();

setUpToolbarButton();

handleMessages({
  'settings.get': async () => toPublic(await loadSettings()),
  'settings.save': async ({ provider }) => {
    const problem = await checkProvider(provider);
    if (problem) return { ok: false, ...problem };
    const next = applyProviderInput(await loadSettings(), provider);
    await saveSettings(next);
    return { ok: true, settings: toPublic(next) };
  },
});

onChatConnect((port) => {
  const abort = new AbortController();
  port.listen((command) => {
    if (command.type === 'stop') {
      abort.abort();
      return;
    }
    void loadSettings().then(({ provider }) => {
      if (!provider) {
        port.post({
          type: 'error',
          code: 'bad_request',
          message: 'No provider is set up yet. Open Settings to add one.',
        });
        return;
      }
      return runChat(provider, command.messages, port.post, abort.signal);
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
