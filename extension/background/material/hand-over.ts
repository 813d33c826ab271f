/**
 * Handing something from a menu click or shortcut to a window's panel: it is left in session
 * storage under a key of that window, and the panel takes it when it opens or sees it arrive.
 *
 * Leaving and taking run one at a time. Session storage has no "take": a take reads, then
 * removes. A panel that opens as a shortcut's material arrives takes twice (on opening, and on
 * seeing it stored), and the opening take could read nothing, then remove what was stored in the
 * meantime, before the second take read it: the material was lost, no chip and no message (a
 * YouTube end-to-end check failed so about one run in six).
 */
import browser from 'webextension-polyfill';
import { messageOf } from '../../shared/errors';
import { t, type MessageKey } from '../../shared/i18n';

/** The hand-overs and takes in progress, in order: each runs when the one before has ended. */
let queue: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Leaves `value` under `key`; if storage refuses it (too large), leaves why instead, in the
 * words of `refused` (page material by default; an image says so of an image).
 */
export function handOver(key: string, value: unknown, refused: MessageKey = 'materialNotPassed'): Promise<void> {
  return inTurn(async () => {
    try {
      await browser.storage.session.set({ [key]: value });
    } catch (e) {
      await browser.storage.session.set({ [key]: { error: t(refused, messageOf(e)) } });
    }
  });
}

/** What was left under `key`, taken once (removed): undefined when nothing is there. */
export function takeOver(key: string): Promise<unknown> {
  return inTurn(async () => {
    const stored = (await browser.storage.session.get(key))[key];
    if (stored !== undefined) await browser.storage.session.remove(key);
    return stored;
  });
}
