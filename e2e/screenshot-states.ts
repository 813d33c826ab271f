/**
 * The gallery's states around an answer (e2e/screenshot.ts): material waiting in the composer (a
 * PDF from disk and a pasted image) and the tab picker, the wait before the first token, the first
 * words streaming in, a stream gone quiet, the Sources under its answer, and a provider error that names the fix. Each is reached as a user reaches it, against the scripted
 * provider, in whatever language the browser speaks (selectors avoid the words).
 */
import type { Page } from 'playwright-core';
import { textPdf } from './fixtures/pdf';
import type { ProviderServer as Server } from './provider-server';
import { ssePieces } from './sse';

type Shoot = (panel: Page, name: string) => Promise<void>;

const REPORT = [
  ['Quarterly report', '', 'Revenue grew by twelve percent over the quarter, led by the new', 'subscription plans.'],
  ['Costs', '', 'Operating costs stayed flat.'],
];

/** A PDF picked with the paperclip and an image pasted into the box, waiting to be sent. */
export async function material(panel: Page, shoot: Shoot, lang: string): Promise<void> {
  await panel.locator('.bar button').first().click(); // New chat
  const pdf = Buffer.from(textPdf(REPORT));
  await panel.locator('input[type=file][accept*=pdf]').setInputFiles({
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await panel.locator('.chip').waitFor();
  await panel.evaluate(async () => {
    const canvas = new OffscreenCanvas(1200, 800);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#e8eefc';
    context.fillRect(0, 0, 1200, 800);
    context.fillStyle = '#4f46e5';
    for (const [i, h] of [300, 520, 410, 640].entries()) context.fillRect(150 + i * 240, 760 - h, 160, h);
    const data = new DataTransfer();
    data.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], 'chart.png', { type: 'image/png' }));
    const box = document.querySelector('textarea')!;
    box.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data }));
  });
  await panel.locator('.image-chip').first().waitFor();
  await panel.locator('.chip-fit').waitFor(); // sized: the closed chip's second line
  await panel.locator('textarea').fill(lang === 'de' ? 'Was zeigt die Grafik?' : 'What does the chart show?');
  await shoot(panel, `material-${lang}`);
  // The PDF's chip opened: its text and its pages box.
  await panel.locator('.chip-toggle').click();
  await shoot(panel, `material-open-${lang}`);
  await panel.locator('.chip-toggle').click();
  // The tab picker, first asking to list the window's tabs.
  await panel.locator('.tab-pick').click();
  await panel.locator('.tab-picker').waitFor();
  await shoot(panel, `tab-picker-${lang}`);
  await panel.locator('.tab-pick').click();
}

/** The wait before the first token (spinner, seconds), then a stream that stops sending. */
export async function waiting(panel: Page, server: Server, shoot: Shoot, lang: string): Promise<void> {
  const turn = panel.locator('.turn').last();
  server.enqueue({
    kind: 'stream',
    chunks: [Buffer.from(': prefill\n\n'), ...ssePieces(['The chart'])],
    delayMs: 3000,
    hold: true,
  });
  await panel.locator('textarea').press('Enter');
  await turn.locator('.pending').waitFor();
  await panel.waitForTimeout(1500);
  await shoot(panel, `waiting-${lang}`);
  // The first words, with the dot under them while more may come (before the stall notice).
  await turn.locator('.activity.pulse').waitFor();
  await shoot(panel, `streaming-${lang}`);
  // Half an answer, then nothing: the stall notice counts the seconds (from 10 s on).
  await turn.getByRole('status').filter({ hasText: /1\d/ }).waitFor({ timeout: 30_000 });
  await shoot(panel, `stalled-${lang}`);
  await panel.locator('.composer .stop').click();
  await panel.locator('.turn[data-status="stopped"]').waitFor();
  // What the model was sent of the PDF, under the stopped answer.
  await panel.locator('.sources-sent summary').last().click();
  await shoot(panel, `sources-${lang}`);
}

/** A base URL that answers 404: the answer says which part of the URL to change. */
export async function failed(panel: Page, server: Server, shoot: Shoot, lang: string): Promise<void> {
  server.enqueue({ kind: 'status', status: 404, body: '{"error":{"message":"Not Found"}}' });
  await panel.locator('textarea').fill(lang === 'de' ? 'Und die Kosten?' : 'And the costs?');
  await panel.locator('textarea').press('Enter');
  await panel.locator('.turn[data-status="error"]').waitFor();
  await shoot(panel, `error-${lang}`);
}
