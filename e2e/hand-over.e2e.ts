/**
 * Material handed from the worker to a window's panel at the very moment the panel opens, many
 * times over (issue 30: a transcript fetched in full once never reached the panel, and nothing
 * was left in session storage). The panel takes what is waiting when it opens and again when it
 * sees material arrive; both takes run through the worker one at a time, so whichever comes
 * first takes it and the other finds nothing, and nothing is taken twice or lost.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { keptSourcesKey, pendingContextKey } from '../extension/shared/attachment';
import type { Browser } from './browser';
import { startConfiguredSession, type Session } from './session';

let session: Session;
let browser: Browser;
let windowId: number;

// A provider is set up: before that, material waits for the setup instead of showing.
beforeAll(async () => {
  session = await startConfiguredSession();
  browser = session.browser;
  windowId = await session.panel.evaluate(async () => (await chrome.windows.getCurrent()).id ?? -1);
  // One panel in the window at a time, as the browser has it: another would take the material.
  await session.panel.close();
});

afterAll(() => session.close());

/**
 * Removes the chip, and waits until the window's kept sources say so too: a source kept for the
 * window would come back with the next panel and join the next run's.
 */
async function removeChips(panel: Page): Promise<void> {
  await panel.getByRole('button', { name: /^Remove: / }).click();
  await expect.poll(() => panel.locator('.chip').count()).toBe(0);
  const kept = () =>
    browser.worker.evaluate(async (key) => (await chrome.storage.session.get(key))[key], keptSourcesKey(windowId));
  await expect.poll(async () => ((await kept()) as unknown[] | undefined)?.length ?? 0).toBe(0);
}

test('material left as a panel opens reaches that panel once, every time (24 runs, 0–115 ms apart)', async () => {
  for (let run = 0; run < 24; run++) {
    const opening = browser.openPanel();
    // From at once to after the panel's own first take, across runs.
    await new Promise((r) => setTimeout(r, (run % 8) * 16));
    await browser.worker.evaluate(([key, value]) => chrome.storage.session.set({ [key]: value }), [
      pendingContextKey(windowId),
      { attachment: { kind: 'selection', title: `Run ${run}`, url: 'https://tides.example/', text: `Quote ${run}.` } },
    ] as const);
    const panel = await opening;
    await expect
      .poll(() => panel.locator('.chip-title').allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining(`Run ${run}`)]);
    expect(
      await browser.worker.evaluate((key) => chrome.storage.session.get(key), pendingContextKey(windowId)),
    ).toEqual({});
    await removeChips(panel);
    await panel.close();
  }
});

/**
 * Run in the panel before its scripts: once `sessionStorage['reload-at-take']` is set, the first
 * answer to `context.take` that hands material over reloads the page before the panel's code sees
 * it. The page then has the material for an instant and goes before it can show or keep it.
 */
const RELOAD_AT_TAKE = `(() => {
  const send = chrome.runtime.sendMessage.bind(chrome.runtime);
  chrome.runtime.sendMessage = (...args) => {
    const message = args[0];
    const callback = typeof args[args.length - 1] === 'function' ? args.pop() : null;
    const reply = (value) => {
      if (message && message.name === 'context.take' && value && value.value && value.value.lease &&
          sessionStorage.getItem('reload-at-take')) {
        sessionStorage.removeItem('reload-at-take');
        location.reload();
      }
      return value;
    };
    if (callback) return send(...args, (value) => callback(reply(value)));
    return send(...args).then(reply);
  };
})();`;

test('material taken by a panel that reloads at that instant reaches the panel that comes back', async () => {
  const panel = await browser.openPanel();
  await panel.addInitScript(RELOAD_AT_TAKE);
  await panel.reload();
  for (let run = 0; run < 3; run++) {
    await panel.evaluate(() => sessionStorage.setItem('reload-at-take', '1'));
    const reloaded = panel.waitForEvent('load');
    await browser.worker.evaluate(([key, value]) => chrome.storage.session.set({ [key]: value }), [
      pendingContextKey(windowId),
      {
        attachment: { kind: 'selection', title: `Taken ${run}`, url: 'https://tides.example/', text: `Quote ${run}.` },
      },
    ] as const);
    await reloaded;
    await expect
      .poll(() => panel.locator('.chip-title').allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining(`Taken ${run}`)]);
    await removeChips(panel);
  }
  await panel.close();
});

test('material left as the panel reloads reaches the panel that comes back, every time (24 runs)', async () => {
  const panel = await browser.openPanel();
  for (let run = 0; run < 24; run++) {
    // The page going away may still take what arrives; the page that comes back must get it.
    const reloading = panel.reload();
    await new Promise((r) => setTimeout(r, (run % 8) * 4));
    await browser.worker.evaluate(([key, value]) => chrome.storage.session.set({ [key]: value }), [
      pendingContextKey(windowId),
      {
        attachment: { kind: 'selection', title: `Reload ${run}`, url: 'https://tides.example/', text: `Quote ${run}.` },
      },
    ] as const);
    await reloading;
    await expect
      .poll(() => panel.locator('.chip-title').allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining(`Reload ${run}`)]);
    await removeChips(panel);
  }
});
