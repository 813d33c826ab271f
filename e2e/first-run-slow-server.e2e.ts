/**
 * The first run's look for servers on this computer waits for one that is slow to answer: a
 * server busy loading, or a machine busy starting the browser (Firefox opens the sidebar as Gloss
 * installs). A fake LM Studio answers its model list 2.5 s late; the first run offers it, never
 * the download of the model inside Gloss in its place, and Use leads to a chat it answers.
 */
import { expect, test } from 'vitest';
import { launchWithExtension } from './browser';
import { ask, lastTurn } from './panel';
import { fixture, perEvent, startProviderServer } from './provider-server';

test('an LM Studio that takes 2.5 s to list its models is offered by the first run, and answers', async () => {
  const lmStudio = await startProviderServer({ port: 1234, modelsDelayMs: 2500 });
  const browser = await launchWithExtension();
  try {
    // Every form the first run's offers take, from the panel's first paint.
    await browser.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { offers: string[] }).offers = seen;
      new MutationObserver(() => {
        const now = [...document.querySelectorAll('.local li, .local-model')].map((e) => e.className);
        if (seen.at(-1) !== now.join()) seen.push(now.join());
      }).observe(document, { subtree: true, childList: true });
    });
    const panel = await browser.openPanel();
    const server = panel.locator('.local li').filter({ hasText: 'LM Studio' });
    await server.waitFor({ timeout: 15_000 });
    const offers = await panel.evaluate(() => (window as unknown as { offers: string[] }).offers);
    expect(offers.filter((o) => o.includes('local-model'))).toEqual([]);
    expect(offers.at(-1)).toBe('provider');

    await server.getByRole('button', { name: 'Use' }).click();
    lmStudio.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 1 });
    await ask(panel, 'Are you there?');
    await expect.poll(() => lastTurn(panel).getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    expect(lmStudio.requests.at(-1)?.body.messages?.at(-1)?.content).toBe('Are you there?');
  } finally {
    await browser.close();
    await lmStudio.close();
  }
});
