/**
 * The gallery's image states (issue 16, e2e/screenshot.ts): the screenshot crop with a region
 * chosen, and the question bubble that shows the image a question was sent with. Against the
 * scripted provider; selectors avoid the words.
 *
 * Headless Chromium has no page menu or shortcut to grant `activeTab`, so the camera's
 * `captureVisibleTab` is refused there (e2e/capture.e2e.ts drives the real one, headed). For the
 * picture the panel is handed, where the capture would be, a real screenshot of a page taken by
 * Playwright; the crop, the cutting and the sending that follow are the panel's own.
 */
import type { Page } from 'playwright-core';
import type { ProviderServer as Server } from './provider-server';
import { sseChunks } from './sse';

type Shoot = (panel: Page, name: string) => Promise<void>;

const ARTICLE = `<!doctype html><title>Harbour</title><body style="margin:0;font:18px sans-serif;background:#fff">
<h1 style="margin:24px">Harbour traffic, 2024</h1>
<div style="display:flex;gap:24px;align-items:flex-end;height:360px;margin:24px">
${[180, 300, 240, 340, 210].map((h) => `<div style="width:120px;height:${h}px;background:#0f766e"></div>`).join('')}
</div>
<p style="margin:24px;max-width:900px">Ships calling at the harbour each quarter, by size.</p>`;

/** A 1280×800 screenshot of a page with a chart, as a PNG data URL. */
async function pageShot(panel: Page): Promise<string> {
  const page = await panel.context().newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.setContent(ARTICLE);
  const png = await page.screenshot();
  await page.close();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The camera's screenshot with a region dragged out, then the question sent with that part. */
export async function imageStates(panel: Page, server: Server, shoot: Shoot, lang: string): Promise<void> {
  await panel.locator('.bar button').first().click(); // New chat
  const shot = await pageShot(panel);
  await panel.bringToFront();
  // In the page as text: a function given to evaluate would carry the bundler's helpers.
  await panel.evaluate(`(() => {
    const url = ${JSON.stringify(shot)};
    chrome.tabs.captureVisibleTab = (windowId, options, done) => (done ? done(url) : Promise.resolve(url));
  })()`);
  await panel.locator('.screenshot-take').click();
  const picture = panel.locator('.screenshot-frame img');
  await picture.waitFor();
  const box = (await picture.boundingBox())!;
  await panel.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.12);
  await panel.mouse.down();
  await panel.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 4 });
  await panel.mouse.up();
  // Chosen at 360 px; the region is kept in the screenshot's pixels, so each width shows it.
  await shoot(panel, `crop-${lang}`);
  await panel.locator('.screenshot-actions .primary').click();
  await panel.locator('.image-chip').first().waitFor();
  const answer = lang === 'de' ? 'Ein Säulendiagramm.' : 'A bar chart.';
  server.enqueue({ kind: 'stream', chunks: sseChunks(answer, 24), delayMs: 2 });
  await panel.locator('textarea').fill(lang === 'de' ? 'Was zeigt dieser Ausschnitt?' : 'What does this part show?');
  await panel.locator('textarea').press('Enter');
  await panel.locator('.turn[data-status="done"] .question-images img').first().waitFor();
  await shoot(panel, `question-image-${lang}`);
}
