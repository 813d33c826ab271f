/**
 * The service worker (Firefox: event page). It owns the WASM core, every network request and
 * storage; pages talk to it only through shared/protocol.
 */
import browser from 'webextension-polyfill';
import { handleMessages, onChatConnect, type ChatEvent } from '../shared/protocol';
import type { Answer } from './answer';
import { AnswerRegistry } from './answer-registry';
import { contextHandlers } from './context-handlers';
import { coreReady } from './core';
import { openGlossDb, storageProblem } from './db';
import { historyHandlers } from './history-handlers';
import { HistoryStore } from './history-store';
import { setUpPageContext } from './page-context';
import { withMaterial } from './prompt';
import { setUpToolbarButton, trackPanels } from './panel';
import { restoreRules, settingsHandlers } from './settings-handlers';
import { loadSettings } from './settings-store';
import { restrictStorage } from './storage-access';
import { messageOf } from '../shared/errors';
import { t } from '../shared/i18n';

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

const answers = new AnswerRegistry({
  store,
  settings: loadSettings,
  withMaterial,
  heartbeat: () => void browser.runtime.getPlatformInfo(),
});

setUpToolbarButton();
trackPanels();
setUpPageContext();
handleMessages({ ...settingsHandlers, ...contextHandlers, ...historyHandlers(store, answers) });

onChatConnect((port) => {
  let following: Answer | undefined;
  const follower = (event: ChatEvent) => port.post(event);
  port.listen((command) => {
    if (command.type === 'stop') {
      following?.stop();
      return;
    }
    answers.open(command).then(
      (answer) => {
        if (!answer) {
          port.post({ type: 'gone' });
          return;
        }
        following = answer;
        answer.follow(follower);
      },
      (e: unknown) => {
        // Storage failures (full, unavailable) say so; anything else names what was refused.
        const message = e instanceof DOMException ? storageProblem(e) : t('errCouldNotSend', messageOf(e));
        port.post({ type: 'error', code: 'bad_request', message });
      },
    );
  });
  // Closing the panel only stops following: the answer goes on and is stored.
  port.onClose(() => following?.unfollow(follower));
});
