/**
 * Names that lead to this computer (issue 29), in headed Chromium with the browser's real
 * permission prompts (as web-tools.e2e.ts, whose sites these are): harbour.example and
 * intranet.example look public, but Chromium's host-resolver rules send them to a server on
 * 127.0.0.2, as DNS rebinding (or an intranet name) does. Both ways Gloss judges where a read
 * goes (background/web/page-hop.ts):
 * - the sites on 127.0.0.1 declared public to Chromium, as the internet is to a user's browser:
 *   Chromium's own address check refuses harbour.example before anything is asked of it;
 * - no site declared public, so the search engine answers from a private address, as through a
 *   proxy: the request is made and Gloss refuses its answer by the address the browser reports.
 * Either way the page never reaches the model and the step names where it led; the same kind of
 * address written by the user is read.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ToolProvider } from './fixtures/tool-provider';
import { answerParts, ask, lastTurn } from './panel';
import { answerPrompt } from './permission-prompt';
import { startWebPanel, type WebPanel } from './web-panel';
import { INSIDE_SECRET, lastResult, searchAndRead, type Sites } from './web-tools-support';

const WAYS = [
  {
    way: 'the browser checks the address',
    asInternet: true,
    says: 'https://harbour.example/times was not requested: harbour.example leads to a server on this computer or a private network.',
    requested: [] as string[],
  },
  {
    way: 'behind a proxy, Gloss checks the address reported',
    asInternet: false,
    says: 'https://harbour.example/times led to harbour.example (127.0.0.2), which is on this computer or a private network. Gloss did not read it.',
    // The browser made the request (Chrome lets an extension watch its requests, not hold
    // them); what Gloss guarantees is that the answer is never read.
    requested: ['/times'],
  },
];

describe.each(WAYS)('$way', ({ asInternet, says, requested }) => {
  let sites: Sites;
  let model: ToolProvider;
  let panel: Page;
  let web: WebPanel;

  beforeAll(async () => {
    web = await startWebPanel({ asInternet });
    ({ sites, model, panel } = web);
    await answerPrompt(web.h.display.name, () => panel.locator('.web-switch').click());
    await panel.locator('.web-switch[aria-pressed="true"]').waitFor();
  });

  afterAll(() => web.close());

  const read = (): Locator => lastTurn(panel).getByRole('group', { name: 'Called fetch_url on Gloss' });
  const status = () => lastTurn(panel).getAttribute('data-status');

  /** Allow once on the read, which asks for its site's access, answering the browser's prompt. */
  async function allowRead(site: string): Promise<void> {
    await expect.poll(() => read().textContent(), { timeout: 15_000 }).toContain(`Gloss needs access to ${site}`);
    await answerPrompt(web.h.display.name, () => read().getByRole('button', { name: 'Allow once' }).click());
    await expect.poll(status, { timeout: 20_000 }).toBe('done');
  }

  test('a search result whose name leads to this computer is not read: the step names where it led', async () => {
    model.script(searchAndRead('harbour', { answer: (page) => `The reader said: ${page}` }));
    const before = model.requests.length;
    await ask(panel, 'When is high tide in the harbour?');
    await allowRead('harbour.example');

    await read().getByRole('button', { name: 'Details' }).click();
    const text = (await read().textContent()) ?? '';
    expect(text).toContain('Failed');
    expect(text).toContain(says);
    expect(text).toContain('write its address in the chat and ask again');
    expect(sites.inside.requests).toEqual(requested);
    expect(lastResult('openai', model.requests[before + 2]?.body)).toContain(says);
    expect(JSON.stringify(model.requests)).not.toContain(INSIDE_SECRET);
    expect(await panel.content()).not.toContain(INSIDE_SECRET);
  });

  test('the same kind of address, written by the user, is read', async () => {
    const url = 'https://intranet.example/wiki';
    model.script({ tool: 'fetch_url', args: { url }, answer: (page) => `The wiki says: ${page.slice(-40)}` });
    const before = model.requests.length;
    await ask(panel, `What does ${url} say?`);
    await allowRead('intranet.example');
    expect(await read().textContent()).not.toContain('Failed');
    expect(lastResult('openai', model.requests[before + 1]?.body)).toContain(INSIDE_SECRET);
    await expect.poll(() => answerParts(panel)).toContain('The wiki says:');
  });
});
