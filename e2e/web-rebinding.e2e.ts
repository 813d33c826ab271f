/**
 * Names that lead to this computer (issue 29), in headed Chromium with the browser's real
 * permission prompts (as web-tools.e2e.ts, whose sites these are): harbour.example and
 * intranet.example look public, but Chromium's host-resolver rules send them to a server on
 * 127.0.0.2, as DNS rebinding (or an intranet name) does. A search result there is requested
 * (Chrome lets an extension watch its requests, not stop them) but its page never reaches the
 * model, and the step names where it led; the same kind of address written by the user is read.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ToolProvider } from './fixtures/tool-provider';
import { answerParts, ask, lastTurn } from './panel';
import { answerPrompt } from './permission-prompt';
import { startWebPanel, type WebPanel } from './web-panel';
import { INSIDE_SECRET, lastResult, searchAndRead, type Sites } from './web-tools-support';

let sites: Sites;
let model: ToolProvider;
let panel: Page;
let web: WebPanel;

beforeAll(async () => {
  web = await startWebPanel();
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

test('a search result whose name leads to this computer is not read: the step names the address it led to', async () => {
  model.script(searchAndRead('harbour', { answer: (page) => `The reader said: ${page}` }));
  const before = model.requests.length;
  await ask(panel, 'When is high tide in the harbour?');
  await allowRead('harbour.example');

  await read().getByRole('button', { name: 'Details' }).click();
  const says = (await read().textContent()) ?? '';
  expect(says).toContain('Failed');
  expect(says).toContain(
    'https://harbour.example/times led to harbour.example (127.0.0.2), which is on this computer or a private network. Gloss did not read it.',
  );
  expect(says).toContain('write its address in the chat and ask again');
  // The browser made the request (an extension may watch its own requests in Chrome, not hold
  // them); what Gloss guarantees is that the answer is never read.
  expect(sites.inside.requests).toEqual(['/times']);
  expect(lastResult('openai', model.requests[before + 2]?.body)).toContain('led to harbour.example (127.0.0.2)');
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
