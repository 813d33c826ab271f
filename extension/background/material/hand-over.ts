/**
 * Handing something from a menu click or shortcut to a window's panel: it is left in session
 * storage under a key of that window, and the panel takes it when it opens or sees it arrive.
 *
 * Leaving and taking run one at a time. Session storage has no "take": a take reads, then
 * removes. A panel that opens as a shortcut's material arrives takes twice (on opening, and on
 * seeing it stored), and the opening take could read nothing, then remove what was stored in the
 * meantime, before the second take read it: the material was lost, no chip and no message (a
 * YouTube end-to-end check failed so about one run in six).
 *
 * A panel can also take material and go before it shows it (reloaded, or closed, at that moment).
 * So a panel's take is held (`takeHeld`): the panel confirms it once the material is in place,
 * and what is not confirmed in time is left again for the panel that comes next.
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

/** How long a held take waits for the panel's word before the material is left again. */
export const HOLD_MS = 2_000;

const held = new Map<string, { key: string; value: unknown; timer: ReturnType<typeof setTimeout> }>();

/**
 * What was left under `key`, taken and held for the taker under `lease`: `confirmTaken(lease)`
 * once it is in place. Unconfirmed after HOLD_MS, it is left under `key` again, unless something
 * newer was left there meanwhile (the newer one is what the user asked for last).
 */
export async function takeHeld(key: string): Promise<{ value: unknown; lease: string } | undefined> {
  const value = await takeOver(key);
  if (value === undefined) return undefined;
  const lease = crypto.randomUUID();
  held.set(lease, { key, value, timer: setTimeout(() => void leaveAgain(lease), HOLD_MS) });
  return { value, lease };
}

/** The panel has what it took under `lease`. */
export function confirmTaken(lease: string): void {
  clearTimeout(held.get(lease)?.timer);
  held.delete(lease);
}

function leaveAgain(lease: string): Promise<void> {
  const hold = held.get(lease);
  held.delete(lease);
  if (!hold) return Promise.resolve();
  return inTurn(async () => {
    const now = (await browser.storage.session.get(hold.key))[hold.key];
    if (now === undefined) await browser.storage.session.set({ [hold.key]: hold.value });
  });
}
