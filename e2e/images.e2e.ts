/**
 * Images in real Chromium (issue 16): an image pasted or dropped into the composer is scaled
 * down in the panel, re-encoded as JPEG, shown, and reaches the scripted provider as an OpenAI
 * `image_url` data URL (Anthropic, Gemini and Ollama each in theirs); a model that cannot see
 * gets the clear message, and the question stays;
 * a scanned PDF's pages the user picks go as images (the PDF from e2e/fixtures/pdf.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { imagePdf } from './fixtures/pdf';
import { ask, configureProvider } from './panel';
import { fixture, perEvent, perLine } from './provider-server';
import { startConfiguredSession, withSession, type Session } from './session';

let session: Session;
let server: Session['server'];
let panel: Page;

beforeAll(async () => {
  session = await startConfiguredSession();
  ({ server, panel } = session);
});

afterAll(() => session.close());

/** OpenAI's refusal of an image for a text-only model: the core's fixture, with its source. */
const NO_VISION = readFileSync(
  new URL('../crates/gloss-core/tests/fixtures/openai/http_400_no_vision/response.json', import.meta.url),
  'utf8',
);

const lastTurn = () => panel.locator('.turn').last();

/**
 * Hands the composer a PNG of `width × height` drawn in the page, as a paste from the clipboard
 * or a drop of a file: the events a browser fires, with a real `DataTransfer`.
 */
async function give(how: 'paste' | 'drop', width: number, height: number, page = panel): Promise<void> {
  // As a user would: the box is there before anything is pasted into it.
  await page.getByLabel('Your question').waitFor();
  await page.evaluate(
    async ([how, width, height]) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#c00';
      context.fillRect(0, 0, width, height);
      const png = await canvas.convertToBlob({ type: 'image/png' });
      const data = new DataTransfer();
      data.items.add(new File([png], 'shot.png', { type: 'image/png' }));
      const box = document.querySelector('textarea[aria-label="Your question"]')!;
      const init = { bubbles: true, cancelable: true };
      box.dispatchEvent(
        how === 'paste'
          ? new ClipboardEvent('paste', { ...init, clipboardData: data })
          : new DragEvent('drop', { ...init, dataTransfer: data }),
      );
    },
    [how, width, height] as const,
  );
}

/** The image parts of the last request's last message, as the provider received them. */
function sentImages(): string[] {
  const content: unknown = server.requests.at(-1)?.body.messages?.at(-1)?.content;
  if (!Array.isArray(content)) throw new Error(`no content parts: ${JSON.stringify(content)}`);
  return content.flatMap((part: { type?: string; image_url?: { url?: string } }) =>
    part.type === 'image_url' && part.image_url?.url ? [part.image_url.url] : [],
  );
}

/** The bytes of a base64 data URL of the given media type. */
function bytesOf(url: string, mediaType: string): Buffer {
  const prefix = `data:${mediaType};base64,`;
  expect(url.startsWith(prefix)).toBe(true);
  return Buffer.from(url.slice(prefix.length), 'base64');
}

test('a pasted screenshot is scaled to 1568 px, sent as a JPEG image_url with the question, and shown', async () => {
  await give('paste', 3136, 1000);
  const thumb = panel.getByRole('img', { name: 'Image 1 (1568×500 pixels)' });
  await expect.poll(() => thumb.count(), { timeout: 10_000 }).toBe(1);
  server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 0 });
  await ask(panel, 'What colour is this?');
  await expect.poll(() => lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');

  const [url, ...more] = sentImages();
  expect(more).toEqual([]);
  const jpeg = bytesOf(url!, 'image/jpeg');
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  // A flat 1568×500 picture compresses well: plausible, not empty, far under the 5 MB cap.
  expect(jpeg.length).toBeGreaterThan(1000);
  expect(jpeg.length).toBeLessThan(500_000);
  const last = server.requests.at(-1)?.body.messages?.at(-1)?.content;
  expect(JSON.stringify(last)).toContain('"text":"What colour is this?"');
  // Sent, the composer holds no image; the question shows it.
  expect(await panel.locator('.image-chips img').count()).toBe(0);
  expect(await lastTurn().locator('.question-images img').getAttribute('alt')).toBe('Image 1 (1568×500 pixels)');
});

test('a dropped image file reaches the provider at its own size', async () => {
  await give('drop', 300, 200);
  await expect.poll(() => panel.locator('.image-chips img').count(), { timeout: 10_000 }).toBe(1);
  server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 0 });
  await ask(panel, 'And this one?');
  await expect.poll(() => lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
  expect(sentImages()).toHaveLength(1);
  expect(await lastTurn().locator('.question-images img').getAttribute('alt')).toBe('Image 1 (300×200 pixels)');
});

test('an image dropped on the conversation, not the question box, says where to drop it', async () => {
  await panel.evaluate(async () => {
    const canvas = new OffscreenCanvas(40, 40);
    canvas.getContext('2d')!.fillRect(0, 0, 40, 40);
    const data = new DataTransfer();
    data.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], 'dot.png', { type: 'image/png' }));
    const feed = document.querySelector('[role=feed]')!;
    feed.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
  });
  const alert = panel.locator('.notice[role=alert]');
  await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toContain('Drop images on the question box');
  expect(await panel.locator('.image-chips img').count()).toBe(0);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
});

test('a model that cannot see gives the clear message and keeps the question with its image', async () => {
  await give('paste', 640, 480);
  await expect.poll(() => panel.locator('.image-chips img').count(), { timeout: 10_000 }).toBe(1);
  server.enqueue({ kind: 'status', status: 400, body: NO_VISION });
  await ask(panel, 'Describe the chart');
  await expect.poll(() => lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('error');
  expect(await lastTurn().textContent()).toContain("This model can't see images. Choose a vision model");
  expect(await lastTurn().locator('.question-text').textContent()).toBe('Describe the chart');
  expect(await lastTurn().locator('.question-images img').count()).toBe(1);
});

test('llama.cpp serving a text-only model: a pasted image is warned about, and "Send without the images" asks again without it', async () => {
  await withSession({}, async ({ server: llama, panel: page }) => {
    await configureProvider(page, {
      preset: 'llama.cpp server',
      baseUrl: `${llama.url}/v1`,
      model: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    });
    await give('paste', 400, 300, page);
    const warning = page.locator('.image-blind');
    await expect.poll(() => warning.textContent(), { timeout: 10_000 }).toContain('can’t see images');
    // Sent all the same, the server refuses as llama.cpp does (HTTP 500).
    const refusal =
      '{"error":{"code":500,"message":"image input is not supported - hint: if this is unexpected, you may need to provide the mmproj","type":"server_error"}}';
    llama.enqueue({ kind: 'status', status: 500, body: refusal });
    await ask(page, 'What is in the picture?');
    const turn = page.locator('.turn').last();
    await expect.poll(() => turn.getAttribute('data-status'), { timeout: 15_000 }).toBe('error');
    expect(await turn.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    llama.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 1 });
    await turn.getByRole('button', { name: 'Send without the images' }).click();
    await expect.poll(() => turn.getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    expect(llama.requests.at(-1)?.body.messages?.at(-1)?.content).toBe('What is in the picture?');
    expect(await turn.locator('.question-images img').count()).toBe(0);
    expect(await page.locator('.turn').count()).toBe(1); // asked again in place, no empty version
  });
});

test('with Ollama, the image goes as bare base64 in `images` beside the question', async () => {
  await withSession({}, async ({ server: ollama, panel: page }) => {
    await configureProvider(page, { preset: 'Ollama', baseUrl: ollama.url, model: 'gemma3:4b' });
    await give('paste', 800, 600, page);
    await expect.poll(() => page.locator('.image-chips img').count(), { timeout: 10_000 }).toBe(1);
    ollama.enqueue({ kind: 'stream', chunks: perLine(fixture('ollama/text_answer')), delayMs: 0 });
    await ask(page, 'What is this?');
    await expect.poll(() => page.locator('.turn').last().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    const request = ollama.requests.at(-1);
    expect(request?.route).toBe('ollama');
    const message = request?.body.messages?.at(-1);
    expect(message).toMatchObject({ role: 'user', content: 'What is this?' });
    const images: unknown = message && 'images' in message ? message.images : undefined;
    if (!Array.isArray(images) || typeof images[0] !== 'string') throw new Error('no images beside the content');
    expect(images).toHaveLength(1);
    expect([...Buffer.from(images[0], 'base64').subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});

test.each([
  ['Anthropic', '/v1', 'anthropic/text_answer'],
  ['Google Gemini', '/v1beta', 'gemini/text_answer'],
])('with %s, the image goes in its own wire format beside the question', async (preset, path, answer) => {
  await withSession({}, async ({ server: provider, panel: page }) => {
    await configureProvider(page, { preset, baseUrl: provider.url + path, model: 'vision-model', key: 'test-key' });
    await give('paste', 800, 600, page);
    await expect.poll(() => page.locator('.image-chips img').count(), { timeout: 10_000 }).toBe(1);
    provider.enqueue({ kind: 'stream', chunks: perEvent(fixture(answer)), delayMs: 0 });
    await ask(page, 'What is this?');
    await expect.poll(() => page.locator('.turn').last().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    // Anthropic: an image block with a base64 source; Gemini: inlineData parts (the core's
    // request fixtures, crates/gloss-core/tests/fixtures/requests/images/, show both whole).
    const body = provider.requests.at(-1)?.body as unknown as Record<string, { content?: unknown; parts?: unknown }[]>;
    const last = preset === 'Anthropic' ? body.messages?.at(-1)?.content : body.contents?.at(-1)?.parts;
    const jpeg = expect.stringMatching(/^\/9j\//); // base64 of a JPEG's first bytes, ff d8 ff
    const image =
      preset === 'Anthropic'
        ? { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: jpeg } }
        : { inlineData: { mimeType: 'image/jpeg', data: jpeg } };
    expect(last).toEqual(expect.arrayContaining([image, expect.objectContaining({ text: 'What is this?' })]));
  });
});

/** The pixel at `x, y` (fractions of its size) of the image `url`, as [r, g, b], drawn in the panel. */
function pixelAt(url: string, x: number, y: number): Promise<number[]> {
  return panel.evaluate(
    async ([url, x, y]) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const at = context.getImageData(Math.floor(bitmap.width * x), Math.floor(bitmap.height * y), 1, 1).data;
      return [at[0]!, at[1]!, at[2]!];
    },
    [url, x, y] as const,
  );
}

test("a scanned PDF's pages the user picks are drawn and sent as images", async () => {
  await panel.getByLabel('Your question').waitFor();
  await panel.evaluate(
    (bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'scan.pdf', { type: 'application/pdf' }));
      for (const type of ['dragover', 'drop'])
        document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    Array.from(imagePdf(6)),
  );
  const alert = panel.locator('.notice[role=alert]');
  await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toContain('This PDF has no text');
  const pages = panel.getByLabel('Pages of the scanned PDF to send as images');
  expect(await pages.inputValue()).toBe('1–4');
  await pages.fill('2-7');
  await panel.getByRole('button', { name: 'Add pages as images' }).click();
  // The page it does not have is named (page-list.ts), not only the pages it has.
  expect(await panel.locator('.scan-offer [role=alert]').textContent()).toBe(
    'There is no page 7: this PDF has 6 pages.',
  );
  await pages.fill('2, 5');
  await panel.getByRole('button', { name: 'Add pages as images' }).click();

  // US Letter drawn with its long side at 1,568 px: 1,212 × 1,568.
  const thumbs = panel.getByRole('img', { name: /^Image \d \(1212×1568 pixels\)$/ });
  await expect.poll(() => thumbs.count(), { timeout: 20_000 }).toBe(2);
  expect(await panel.locator('.scan-offer').count()).toBe(0);
  expect(await panel.getByRole('status').allTextContents()).toContain(
    'Pages 2, 5 of “scan.pdf”, as images: each drawn at most 1,568 pixels on its long side.',
  );
  server.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 0 });
  await ask(panel, 'What do these pages say?');
  await expect.poll(() => lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
  const sent = sentImages();
  expect(sent).toHaveLength(2);
  for (const url of sent) {
    expect(bytesOf(url, 'image/jpeg').length).toBeGreaterThan(1000);
    // The page as printed: white paper at its corner, the scan's grey in its middle.
    for (const channel of await pixelAt(url, 0.02, 0.02)) expect(channel).toBeGreaterThan(245);
    for (const channel of await pixelAt(url, 0.5, 0.5)) expect(channel).toBeLessThan(200);
  }
  // Opened again (the worker sends each image of a conversation once), the pages are still shown.
  await panel.reload();
  const shown = lastTurn().locator('.question-images img');
  await expect.poll(() => shown.count(), { timeout: 15_000 }).toBe(2);
  expect(await shown.first().getAttribute('src')).toBe(sent[0]);
});
