/**
 * A new user's first answer, with the real pointer and keyboard in Chromium's real side panel
 * (headed, Xvfb): the toolbar button opens Gloss on its first run, a click on "Download and use"
 * gets the model that runs inside Gloss from its Hugging Face address (served from this machine,
 * `local-model-support.ts`), the chat opens, a typed question streams a real answer from it, and
 * a click on Stop keeps what arrived. The same flow through Playwright's page clicks is
 * `local-model-panel.e2e.ts`; this one proves the real panel's layout lets a pointer do it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LOCAL_MODELS } from '../extension/shared/local-model/catalogue';
import { ensureModel } from '../scripts/llama.mjs';
import { startHeaded, TOOLBAR, type Headed } from './headed';
import { askInPanel, clickInPanel } from './panel-pointer';
import type { HttpsSite } from './https-server';
import { serveHuggingFace } from './local-model-support';

const MODEL = LOCAL_MODELS.find((m) => m.id.startsWith('smollm2-135m'))!;

let site: HttpsSite;
let h: Headed;

beforeAll(async () => {
  site = await serveHuggingFace(MODEL, ensureModel());
  h = await startHeaded(site.args);
}, 600_000);

afterAll(async () => {
  await h.close();
  site.close();
});

const answer = () => h.inPanel((doc) => doc?.querySelector('.turn:last-of-type .answer')?.textContent ?? '');

test('the toolbar opens the first run; a click downloads the model, and the first question is answered by it', async () => {
  const page = await h.page();
  await page.goto('about:blank');
  const icon = await h.settledIcon(TOOLBAR);
  await h.clickAt(icon.x, icon.y);
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
  const offer = () => h.inPanel((doc) => doc?.body.textContent ?? '');
  await expect.poll(offer, { timeout: 15_000 }).toContain('98 MB');
  expect(site.requests).toEqual([]);

  await clickInPanel(h, 'button', `Download and use ${MODEL.label}`);
  const composer = () => h.inPanel((doc) => Boolean(doc?.querySelector('textarea')));
  await expect.poll(composer, { timeout: 60_000 }).toBe(true);
  expect(site.requests.length).toBeGreaterThan(0);

  // A question with a long answer, so that it is still streaming when Stop is clicked.
  await askInPanel(h, 'Count from 1 to 300, one number per line, and write nothing else.');
  // The model loads into memory first (seconds), then its words stream in.
  await expect.poll(async () => (await answer()).trim().split(/\s+/).length, { timeout: 60_000 }).toBeGreaterThan(3);

  await clickInPanel(h, 'button', 'Stop');
  await expect
    .poll(() => h.inPanel((doc) => doc?.querySelector('.turn:last-of-type')?.textContent ?? ''), { timeout: 15_000 })
    .toContain('Stopped.');
  const kept = await answer();
  await new Promise((r) => setTimeout(r, 1000));
  expect(await answer()).toBe(kept);
  expect(kept.trim().length).toBeGreaterThan(0);
}, 180_000);
