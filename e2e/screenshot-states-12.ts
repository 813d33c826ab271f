/**
 * The gallery's states that issue 12 added (e2e/screenshot.ts): a quote from another page while a
 * chat is open (the notice that sending starts a new chat, with "Add to this chat"), a scanned
 * PDF's offer to send its pages as images, where the keyboard's focus shows (header, a turn's
 * tools, the composer's tools), and Test connection naming the model that answered. Each is
 * reached as a user reaches it, against the scripted provider, in any language (selectors avoid
 * the words), and undone after, so the states after it start where they did before.
 */
import type { Page, Worker } from 'playwright-core';
import { imagePdf } from './fixtures/pdf';
import type { ProviderServer as Server } from './provider-server';

type Shoot = (panel: Page, name: string) => Promise<void>;

/**
 * Where the worker leaves material for a window's panel: `pendingContextKey` in
 * shared/attachment.ts, written out because importing that module here (plain Node, not vitest)
 * loads the browser-only polyfill.
 */
const pendingContextKey = (windowId: number) => `gloss.pendingContext.${windowId}`;

/** With the answer's chat open: material from another page, then the keyboard's focus. */
export async function aroundAnswer(panel: Page, worker: Worker, shoot: Shoot, lang: string): Promise<void> {
  await panel.mouse.move(2, 300); // over the conversation: no button shows its hover colour
  await otherPage(panel, worker, shoot, lang);
  await focusStates(panel, shoot, lang);
  await scannedPdf(panel, shoot, lang);
}

/** "Ask about this page" from a page the open chat is not about, as the page's menu leaves it. */
async function otherPage(panel: Page, worker: Worker, shoot: Shoot, lang: string): Promise<void> {
  const windowId = await panel.evaluate(async () => (await chrome.windows.getCurrent()).id ?? -1);
  const attachment = {
    kind: 'page',
    title: lang === 'de' ? 'Gezeiten – wie sie entstehen' : 'How tides work',
    url: 'https://example.org/science/tides',
    text: 'Tides are the rise and fall of sea levels caused by the gravity of the Moon and the Sun.',
  };
  await worker.evaluate(([key, value]) => chrome.storage.session.set({ [key]: value }), [
    pendingContextKey(windowId),
    { attachment },
  ] as const);
  await panel.locator('.material-place').waitFor();
  await shoot(panel, `other-page-${lang}`);
  await panel.locator('.chip-head button').last().click(); // remove the quote
  await panel.locator('.chip').waitFor({ state: 'detached' });
}

/** Moves the focus with Tab (as a keyboard user does) until it is on `selector`. */
async function tabTo(panel: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await panel.keyboard.press('Tab');
    if (await panel.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The focus ring on a header button, on a turn's tools, and on the composer's tools. */
async function focusStates(panel: Page, shoot: Shoot, lang: string): Promise<void> {
  await panel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabTo(panel, '.bar button');
  await panel.keyboard.press('Tab'); // the second one, History: the first is at the very edge
  await shoot(panel, `focus-header-${lang}`);
  await tabTo(panel, '.turn-tools button');
  await panel.locator('.turn-tools button:focus').scrollIntoViewIfNeeded();
  await shoot(panel, `focus-turn-${lang}`);
  await tabTo(panel, '.composer-tools button');
  await shoot(panel, `focus-composer-${lang}`);
  await panel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** A PDF of scanned pages (images, no text) dropped on the panel: the offer to send pages as images. */
async function scannedPdf(panel: Page, shoot: Shoot, lang: string): Promise<void> {
  await panel.evaluate(
    ([bytes, name]) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
      for (const type of ['dragover', 'drop'])
        document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    [Array.from(imagePdf(6)), lang === 'de' ? 'Rechnung-gescannt.pdf' : 'scanned-invoice.pdf'] as const,
  );
  await panel.locator('.scan-offer').waitFor({ timeout: 20_000 });
  await shoot(panel, `scanned-pdf-${lang}`);
  await panel.locator('.notice[role=alert] button').click(); // dismiss: the offer goes with it
  await panel.locator('.scan-offer').waitFor({ state: 'detached' });
}

/**
 * In the provider's form: Test connection against a llama.cpp that loaded another model than the
 * one typed (it names the file it serves, whatever the request asked for).
 */
export async function connectionTest(panel: Page, server: Server, shoot: Shoot, lang: string): Promise<void> {
  await panel.locator('.settings').evaluate((el) => el.scrollTo({ top: 0 }));
  await panel.locator('.provider .row button').first().click(); // Edit
  const model = '/models/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf';
  const chunk = (content: string) =>
    `data: ${JSON.stringify({ model, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
  server.enqueue({ kind: 'stream', chunks: [chunk('OK'), 'data: [DONE]\n\n'].map((c) => Buffer.from(c)), delayMs: 1 });
  await panel.locator('.provider-editor .row:has([type=submit]) button[type=button]').first().click(); // Test connection
  await panel.locator('.outcome.ok').waitFor();
  // From the base URL down, so the outcome is in the picture at 240 px too.
  await panel.locator('.calls-url').waitFor();
  await panel.locator('.provider-editor label[for$="-url"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(panel, `test-connection-${lang}`);
}
