/**
 * The gallery's states of several sources with long titles (issue 15): three PDFs from disk whose
 * file names run far past the panel's width (one a German compound with no place to break), the
 * first with pages typed and the second with a range the panel refuses, then the Sources under
 * the answer, opened. Reached as a user reaches them (the paperclip, the pages box, Enter), in
 * whatever language the browser speaks (selectors avoid the words).
 */
import type { Page } from 'playwright-core';
import { textPdf } from './fixtures/pdf';
import type { ProviderServer as Server } from './provider-server';
import { sseChunks } from './sse';

type Shoot = (panel: Page, name: string) => Promise<void>;

/** Each page opens with a line of its own (a line on every page alike is dropped as a header). */
const pages = (count: number, line: string) =>
  Array.from({ length: count }, (_, p) => [`Section ${p + 1}.`, '', ...Array<string>(12).fill(line)]);

const FILES = [
  {
    name: 'Annual report of the North Sea tidal energy consortium 2026, final revised version with appendices.pdf',
    pages: pages(12, 'Tidal turbines in the channel delivered more power than the plan foresaw.'),
  },
  {
    name: 'Jahresabschlussprüfungsberichtsergänzungsunterlagen-Nordseegezeitenkraftwerkskonsortium.pdf',
    pages: pages(3, 'Die Prüfer bestätigen die Zahlen des Berichts ohne Einschränkung.'),
  },
  {
    name: 'minutes_of_the_board_meeting_held_on_the_twenty-third_of_november_2026_at_the_harbour_office.pdf',
    pages: pages(2, 'The board approved the second turbine array for the northern channel.'),
  },
];

/** Opens chip `i`, types `typed` in its pages box and uses it. */
async function typePages(panel: Page, i: number, typed: string): Promise<void> {
  const toggle = panel.locator('.chip').nth(i).locator('.chip-toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const box = panel.locator('.chip').nth(i).locator('.chip-pages input');
  await box.fill(typed);
  await box.press('Enter');
}

/** Three long-titled PDFs in the composer, pages typed for two, then the Sources they went as. */
export async function longSources(panel: Page, server: Server, shoot: Shoot, lang: string): Promise<void> {
  await panel.locator('.bar button').first().click(); // New chat
  for (const [i, file] of FILES.entries()) {
    await panel.locator('input[type=file][accept*=pdf]').setInputFiles({
      name: file.name,
      mimeType: 'application/pdf',
      buffer: Buffer.from(textPdf(file.pages)),
    });
    await panel.locator('.chip').nth(i).waitFor();
  }
  await typePages(panel, 0, '2–3, 5');
  await panel.locator('.chip').first().locator('.chip-title', { hasText: '2–3, 5' }).waitFor();
  await typePages(panel, 1, '3–1');
  await panel.locator('.chip-pages-problem').waitFor();
  await panel.locator('textarea').fill(lang === 'de' ? 'Was sagen die drei Dokumente?' : 'What do the three say?');
  await shoot(panel, `sources-long-${lang}`);
  server.enqueue({ kind: 'stream', chunks: sseChunks('The report, the audit and the minutes agree.', 8), delayMs: 2 });
  await panel.locator('textarea').press('Enter');
  await panel.locator('.turn[data-status="done"]').last().waitFor();
  // The question as sent: each source's title over the start of its text.
  await panel
    .locator('.question')
    .last()
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(panel, `sources-long-question-${lang}`);
  await panel.locator('.sources-sent summary').last().click();
  await panel
    .locator('.sources-sent')
    .last()
    .evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shoot(panel, `sources-long-sent-${lang}`);
}
