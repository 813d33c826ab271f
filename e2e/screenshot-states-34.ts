/**
 * The gallery's states from issue 34 (e2e/screenshot.ts): a model whose server says it cannot
 * see, warned about as an image is pasted, and its refusal with "Send without the images"; and
 * Test connection against a server that cannot be reached, offering to allow its site; a tab's
 * PDF from a site Gloss may not download from yet, and one asking which pages.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Worker } from 'playwright-core';
import { textPdf } from './fixtures/pdf';
import type { ProviderServer as Server } from './provider-server';
import { sseChunks } from './sse';

type Shoot = (panel: Page, name: string) => Promise<void>;

const TEXT_ONLY = 'SmolLM2-135M-Instruct.Q4_1.gguf';

/** A red 400×300 PNG pasted into the question box, as a user pastes one. */
async function pasteImage(panel: Page): Promise<void> {
  await panel.evaluate(async () => {
    const canvas = new OffscreenCanvas(400, 300);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.fillStyle = '#0f766e';
    context.fillRect(0, 0, 400, 300);
    const data = new DataTransfer();
    data.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], 'chart.png', { type: 'image/png' }));
    const box = document.querySelector('textarea');
    box?.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data }));
  });
}

/** A llama.cpp provider (the fixture server answers its /props: no vision), chosen in the header. */
export async function blindModel(panel: Page, server: Server, shoot: Shoot, lang: string): Promise<void> {
  const provider = {
    preset: 'llamacpp',
    kind: 'openai',
    name: 'llama.cpp',
    baseUrl: `${server.url}/v1`,
    apiKey: '',
    model: TEXT_ONLY,
  };
  await panel.evaluate(
    (p) => chrome.runtime.sendMessage({ gloss: 1, name: 'provider.save', payload: { provider: p } }),
    provider,
  );
  await panel.locator('.bar button').first().click(); // New chat
  const option = panel.locator('.model-switch option', { hasText: TEXT_ONLY });
  await panel.locator('.model-switch select').selectOption((await option.getAttribute('value')) ?? '');
  await pasteImage(panel);
  await panel.locator('.image-blind').waitFor();
  await panel.locator('textarea').fill(lang === 'de' ? 'Was zeigt das Diagramm?' : 'What does the chart show?');
  await shoot(panel, `image-blind-${lang}`);
  const refusal =
    '{"error":{"code":500,"message":"image input is not supported - hint: if this is unexpected, you may need to provide the mmproj","type":"server_error"}}';
  server.enqueue({ kind: 'status', status: 500, body: refusal });
  await panel.locator('textarea').press('Enter');
  await panel.locator('.turn[data-status="error"]').waitFor();
  await shoot(panel, `image-refused-${lang}`);
  const answer = lang === 'de' ? 'Ohne das Bild kann ich nur raten.' : 'Without the image I can only guess.';
  server.enqueue({ kind: 'stream', chunks: sseChunks(answer, 24), delayMs: 2 });
  await panel.locator('.turn .error button').first().click(); // Send without the images
  await panel.locator('.turn[data-status="done"]').waitFor();
  await shoot(panel, `image-sent-without-${lang}`);
  // Back to the gallery's own provider for the states that follow.
  await panel.locator('.bar button').first().click(); // New chat
}

/** With a provider's form open in Settings: Test against an address nothing answers. */
export async function unreachableTest(panel: Page, shoot: Shoot, lang: string): Promise<void> {
  const url = panel.locator('.provider-editor input[id$="-url"]');
  await url.fill('http://127.0.0.1:9/v1');
  await panel.locator('.provider-editor .row:has([type=submit]) button[type=button]').first().click(); // Test connection
  await panel.locator('.outcome.error').waitFor();
  await panel.locator('.provider-editor label[for$="-url"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(panel, `test-unreachable-${lang}`);
}

/**
 * A tab's PDF asked about with the ask shortcut (the viewer hides its selection): first from a
 * site Gloss may not download from (the step that asks for it), then from one that allows it
 * (the chip asking which pages). Left for the panel as the worker leaves it; 127.0.0.2, a
 * loopback address no provider uses, so Gloss holds no access to it.
 */
export async function tabPdf(panel: Page, worker: Worker, shoot: Shoot, lang: string): Promise<void> {
  const pdf = textPdf([['Spring tides: 4.1 m.'], ['Neap tides: 2.3 m.'], ['Datum: chart datum.']]);
  const site = createServer((req, res) => {
    // Gloss downloads with the user's cookies: a site that allows it names the origin.
    const allows = {
      'access-control-allow-origin': req.headers.origin ?? '',
      'access-control-allow-credentials': 'true',
    };
    const open = req.url === '/open.pdf' ? allows : {};
    res.writeHead(200, { 'content-type': 'application/pdf', ...open }).end(pdf);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve));
  const origin = `http://127.0.0.2:${(site.address() as AddressInfo).port}`;
  const windowId = await panel.evaluate(async () => (await chrome.windows.getCurrent()).id ?? -1);
  const leave = (file: string) =>
    worker.evaluate(
      ([key, url, title]) => chrome.storage.session.set({ [key]: { pdf: { url, title, askPages: true } } }),
      [
        // shared/attachment.ts `pendingContextKey`: its module needs the browser, which this script is not.
        `gloss.pendingContext.${windowId}`,
        `${origin}/${file}`,
        lang === 'de' ? 'Gezeitentafeln 2027.pdf' : 'Tide tables 2027.pdf',
      ] as const,
    );
  try {
    await leave('closed.pdf');
    await panel.locator('.pdf-bar .hint').waitFor();
    await shoot(panel, `pdf-needs-access-${lang}`);
    await leave('open.pdf');
    await panel.locator('.chip-pages-why').waitFor();
    await shoot(panel, `pdf-which-pages-${lang}`);
    await panel.locator('.chip [aria-label^="Remove"], .chip [aria-label^="Entfernen"]').first().click();
  } finally {
    site.close();
  }
}
