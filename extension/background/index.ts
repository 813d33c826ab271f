/**
 * The service worker (Firefox: event page). It owns the WASM core, every network request and
 * storage; pages talk to it only through shared/messages.
 */
import { handleMessages, onChatConnect, type ChatCommand } from '../shared/messages';
import { pickProvider } from '../shared/settings';
import { runChat } from './chat';
import { contextHandlers, withMaterial } from './context-handlers';
import { setUpPageContext } from './page-context';
import { setUpToolbarButton, trackPanels } from './panel';
import { coreReady } from './core';
import { restoreRules, settingsHandlers } from './settings-handlers';
import { loadSettings } from './settings-store';

// Start loading the core now; handlers await the same promise (no top-level await in a worker).
void coreReady();
void restoreRules().catch(console.error);

setUpToolbarButton();
trackPanels();
setUpPageContext();
handleMessages({ ...settingsHandlers, ...contextHandlers });

onChatConnect((port) => {
  const abort = new AbortController();
  port.listen((command) => {
    if (command.type === 'stop') {
      abort.abort();
      return;
    }
    void answer(command).catch((e: unknown) => {
      // Whatever fails before the request starts still ends the answer, with a message.
      const detail = e instanceof Error ? e.message : String(e);
      port.post({ type: 'error', code: 'bad_request', message: `Gloss could not send this question: ${detail}` });
    });
  });

  async function answer(command: Extract<ChatCommand, { type: 'ask' }>): Promise<void> {
    const settings = await loadSettings();
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
    await runChat(provider, messages, port.post, abort.signal, settings.timeouts, { model: command.model });
  }
});
