/**
 * PDFs in real Chromium (issue 15): a PDF served from 127.0.0.1 and shown in the browser's own
 * viewer is asked about with the real shortcut (headed, e2e/headed), and the model receives its
 * text in order, by page; a scanned PDF (images only) says it has no text; a PDF file dropped
 * on the panel reaches the model too; and opening the panel beside a PDF offers to ask about it.
 * The PDFs are written by e2e/fixtures/pdf.ts from the PDF file structure.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { headedWithFiles } from './file-server';
import { imagePdf, textPdf } from './fixtures/pdf';
import { TOOLBAR, type Headed } from './headed';

/** Three pages under a running header and numbered footers, with a word hyphenated at a line end. */
const REPORT = textPdf([
  [
    'Tide Tables 2026',
    'Spring tides come at new and full moon, when the Sun',
    'and the Moon pull to-',
    'gether.',
    'Page 1 of 3',
  ],
  ['Tide Tables 2026', 'Neap tides come at the quarter moons.', 'Page 2 of 3'],
  ['Tide Tables 2026', 'Tidal ranges are largest in the Bay of Fundy.', 'Page 3 of 3'],
]);

let h: Headed;
let filesUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ h, filesUrl, close } = await headedWithFiles((path) => {
    const body = path === '/tides.pdf' ? REPORT : path === '/scan.pdf' ? imagePdf(2) : null;
    return body && { type: 'application/pdf', body };
  }));
});

afterAll(() => close());

/** Opens `path` in the browser's PDF viewer and presses Gloss's ask shortcut there. */
async function askInViewer(path: string): Promise<void> {
  const page = await h.page();
  await page.goto(filesUrl + path);
  await new Promise((r) => setTimeout(r, 1500)); // the viewer loads after the page
  await h.shortcut('alt+shift+q');
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
}

test('the shortcut in the PDF viewer brings the PDF to the model, its pages in order', async () => {
  await askInViewer('/tides.pdf');
  const chip = () =>
    h.inPanel((doc) => ({
      label: doc?.querySelector('.chip')?.getAttribute('aria-label') ?? '',
      title: doc?.querySelector('.chip-title')?.textContent ?? '',
    }));
  await expect
    .poll(chip, { timeout: 20_000 })
    .toEqual({ label: 'Attached PDF', title: expect.stringContaining('3 pages') });
  // The shortcut asks about a selection, which the viewer keeps from Gloss: the chip says so,
  // with the pages box to type the pages meant.
  const why = () => h.inPanel((doc) => doc?.querySelector('.chip-pages-why')?.textContent ?? '');
  expect(await why()).toBe(
    "Which pages do you mean? Gloss can't see a selection in the browser's PDF viewer: type the pages, or ask about the whole PDF.",
  );

  const user = (await h.askFromPanel('What causes spring tides?')).at(-1)?.content ?? '';
  expect(user).toMatch(
    /^<<<material #[0-9a-f]{8} kind=pdf title=".*" url="http:\/\/127\.0\.0\.1:\d+\/tides\.pdf" pages="1–3 of 3">>>/,
  );
  const order = [
    '— page 1 —',
    'Spring tides come at new and full moon, when the Sun and the Moon pull together.',
    '— page 2 —',
    'Neap tides come at the quarter moons.',
    '— page 3 —',
    'Tidal ranges are largest in the Bay of Fundy.',
  ].map((part) => user.indexOf(part));
  expect(order.every((at) => at >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  // The running header and the page numbers are not the document's text.
  // (The opening line's pages="1–3 of 3" is Gloss's, checked above; the text follows it.)
  const text = user.slice(user.indexOf('\n'));
  expect(text).not.toContain('Tide Tables 2026');
  expect(text).not.toContain('of 3');
  expect(user.endsWith('What causes spring tides?')).toBe(true);
});

test('a scanned PDF says it has no text', async () => {
  await askInViewer('/scan.pdf');
  const alert = () => h.inPanel((doc) => doc?.querySelector('[role=alert]')?.textContent ?? '');
  await expect.poll(alert, { timeout: 20_000 }).toContain('This PDF has no text: it is scanned images.');
  // Its pages can go as images instead (e2e/images.e2e.ts sends them): the first two are offered.
  const offer = () => h.inPanel((doc) => doc?.querySelector<HTMLInputElement>('.scan-offer input')?.value ?? null);
  expect(await offer()).toBe('1–2');
});

const chipOf = () =>
  h.inPanel((doc) => ({
    label: doc?.querySelector('.chip')?.getAttribute('aria-label') ?? '',
    title: doc?.querySelector('.chip-title')?.textContent ?? '',
  }));

/** Drops a PDF file showing `pages` on the panel, as the browser delivers a drop: a DataTransfer holding the file. */
async function dropPdf(name: string, pages: string[][]): Promise<void> {
  await h.inPanel(
    (doc, [file, bytes]) => {
      const view = doc?.defaultView;
      if (!doc || !view) return;
      const data = new view.DataTransfer();
      data.items.add(new view.File([new Uint8Array(bytes)], file, { type: 'application/pdf' }));
      for (const type of ['dragover', 'drop'])
        doc.body.dispatchEvent(new view.DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    [name, Array.from(textPdf(pages))] as const,
  );
}

test('a PDF file dropped on the panel reaches the model', async () => {
  await h.inPanel((doc) => doc?.querySelector<HTMLButtonElement>('.chip button[aria-label^="Remove: "]')?.click());
  await dropPdf('notes.pdf', [['Mangroves slow the tide in estuaries.'], ['Salt marshes do too.']]);
  await expect
    .poll(chipOf, { timeout: 20_000 })
    .toEqual({ label: 'Attached PDF', title: expect.stringContaining('notes.pdf') });
  const user = (await h.askFromPanel('Which slow the tide?')).at(-1)?.content ?? '';
  expect(user).toContain('— page 1 —\n\nMangroves slow the tide in estuaries.\n\n— page 2 —\n\nSalt marshes do too.');
});

test('a PDF longer than the model’s window says which pages fit, and sends only those', async () => {
  // 40 pages of 46 lines: about 30k tokens, for a custom provider's 8k window. Each page opens
  // with a line of its own (a line repeated at the same place on every page is a running header).
  const line = 'The tide comes in and goes out again along the wide and sandy shore.';
  const opening = (p: number) => `Opening ${'I'.repeat(p)}.`;
  const book = Array.from({ length: 40 }, (_, p) => [opening(p + 1), ...Array<string>(45).fill(line)]);
  await dropPdf('book.pdf', book);
  const status = () => h.inPanel((doc) => doc?.querySelector('.chip-fit')?.textContent ?? '');
  await expect.poll(status, { timeout: 30_000 }).toMatch(/pages 1–\d+ of 40 fit/);
  const fits = Number(/pages 1–(\d+) of 40/.exec(await status())?.[1]);
  expect(fits).toBeGreaterThan(1);
  expect(fits).toBeLessThan(40);

  const user = (await h.askFromPanel('Summarize.')).at(-1)?.content ?? '';
  expect(user).toContain(`— page ${fits} —`);
  expect(user).not.toContain(`— page ${fits + 2} —`);
  expect(user).toContain(opening(1));
  expect(user).not.toContain(opening(40));
});

/**
 * Opens the first PDF chip (a closed chip hides its pages box), types `pages` in the box and uses
 * them, as a user would (React reads input events).
 */
async function typePages(pages: string): Promise<void> {
  await h.inPanel((doc) => {
    const toggle = doc?.querySelector<HTMLButtonElement>('.chip-toggle');
    if (toggle?.getAttribute('aria-expanded') === 'false') toggle.click();
  });
  await expect.poll(() => h.inPanel((doc) => doc?.querySelector('.chip-pages')?.closest('[hidden]'))).toBeNull();
  await h.inPanel((doc, typed) => {
    const view = doc?.defaultView;
    const input = doc?.querySelector<HTMLInputElement>('.chip-pages input');
    if (!view || !input) return;
    Object.getOwnPropertyDescriptor(view.HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
    input.dispatchEvent(new view.Event('input', { bubbles: true }));
    input.form?.requestSubmit();
  }, pages);
}

test('pages typed for a long PDF are the pages the model gets, and no others', async () => {
  const opening = (p: number) => `Opening ${'I'.repeat(p)}.`;
  const line = 'The tide comes in and goes out again along the wide and sandy shore.';
  await dropPdf(
    'book.pdf',
    Array.from({ length: 40 }, (_, p) => [opening(p + 1), ...Array<string>(45).fill(line)]),
  );
  await expect.poll(chipOf, { timeout: 30_000 }).toMatchObject({ title: expect.stringContaining('40 pages') });
  const problem = () => h.inPanel((doc) => doc?.querySelector('.chip-pages-problem')?.textContent ?? '');
  // Pages the PDF does not have, a range written backwards: each says what is wrong.
  await typePages('0');
  await expect.poll(problem).toBe('There is no page 0: this PDF has 40 pages.');
  await typePages('41');
  await expect.poll(problem).toBe('There is no page 41: this PDF has 40 pages.');
  await typePages('5–2');
  await expect.poll(problem).toBe('“5–2” runs backwards: write it as 2–5.');
  await typePages('45–2');
  await expect.poll(problem).toBe('“45–2” runs backwards: write it as 2–45.');
  await typePages('3,,4');
  await expect.poll(problem).toBe('“3,,4” has a comma too many: type a page between the commas, or remove one.');

  await typePages('3-4, 7');
  await expect
    .poll(chipOf, { timeout: 10_000 })
    .toMatchObject({ title: expect.stringContaining('pages 3–4, 7 of 40') });
  expect(await problem()).toBe('');
  const user = (await h.askFromPanel('Summarize these pages.')).at(-1)?.content ?? '';
  expect(user).toMatch(/ pages="3–4, 7 of 40">>>/);
  const sent = Array.from({ length: 40 }, (_, i) => i + 1).filter((p) => user.includes(`— page ${p} —`));
  expect(sent).toEqual([3, 4, 7]);
  // Each page's own opening line ("Opening III." is not inside "Opening IIII.": the dot).
  for (const p of [3, 4, 7]) expect(user).toContain(opening(p));
  for (const p of [1, 2, 5, 6, 8, 40]) expect(user).not.toContain(opening(p));
});

test('the pages box shows the pages that go, also when the same PDF is read again', async () => {
  const pages = [['Tides rise.'], ['Tides turn.'], ['Tides fall.']];
  await dropPdf('three.pdf', pages);
  await expect.poll(chipOf, { timeout: 20_000 }).toMatchObject({ title: expect.stringContaining('3 pages') });
  const box = () => h.inPanel((doc) => doc?.querySelector<HTMLInputElement>('.chip-pages input')?.value);
  await typePages('2');
  await expect.poll(chipOf, { timeout: 10_000 }).toMatchObject({ title: expect.stringContaining('page 2 of 3') });
  // The same file again is the whole PDF in the same chip: the box no longer names page 2.
  await dropPdf('three.pdf', pages);
  await expect.poll(chipOf, { timeout: 20_000 }).toMatchObject({ title: expect.stringContaining('3 pages') });
  await expect.poll(box).toBe('1–3');
  await h.inPanel((doc) => doc?.querySelector<HTMLButtonElement>('.chip button[aria-label^="Remove: "]')?.click());
});

test('a second PDF dropped joins the first, and both reach the model as two sources', async () => {
  await dropPdf('first.pdf', [['Kelp forests shelter fish.']]);
  await expect.poll(chipOf, { timeout: 20_000 }).toMatchObject({ title: expect.stringContaining('first.pdf') });
  await dropPdf('second.pdf', [['Seagrass meadows store carbon.']]);
  const titles = () =>
    h.inPanel((doc) => Array.from(doc?.querySelectorAll('.chip-title') ?? []).map((c) => c.textContent));
  await expect
    .poll(titles, { timeout: 20_000 })
    .toEqual([expect.stringContaining('first.pdf'), expect.stringContaining('second.pdf')]);
  const user = (await h.askFromPanel('Compare them.')).at(-1)?.content ?? '';
  expect(user).toMatch(/source=1 kind=pdf title="first\.pdf"[^\n]*>>>\n— page 1 —\n\nKelp forests shelter fish\./);
  expect(user).toMatch(/source=2 kind=pdf title="second\.pdf"[^\n]*>>>\n— page 1 —\n\nSeagrass meadows store carbon\./);
});

test('opening the panel from the toolbar beside a PDF offers to ask about it, and reads it', async () => {
  const page = await h.page();
  await page.goto(`${filesUrl}/tides.pdf`);
  await new Promise((r) => setTimeout(r, 1500));
  // Close the panel, then open it with the toolbar button, whose click lets Gloss see the tab.
  await h.shortcut('alt+shift+g');
  await expect.poll(h.sidePanels, { timeout: 10_000 }).toHaveLength(0);
  const button = await h.settledIcon({ ...TOOLBAR, y1: 85 });
  await h.clickAt(button.x, button.y);
  await expect.poll(h.sidePanels, { timeout: 10_000 }).toHaveLength(1);
  const offer = () =>
    h.inPanel((doc) =>
      Array.from(doc?.querySelectorAll('button') ?? []).some((b) => b.textContent === 'Ask about this PDF'),
    );
  await expect.poll(offer, { timeout: 15_000 }).toBe(true);
  await h.inPanel((doc) =>
    Array.from(doc?.querySelectorAll('button') ?? [])
      .find((b) => b.textContent === 'Ask about this PDF')
      ?.click(),
  );
  await expect
    .poll(chipOf, { timeout: 20_000 })
    .toEqual({ label: 'Attached PDF', title: expect.stringContaining('3 pages') });
});
