/**
 * Streaming render in the real panel: the DOM built from patches equals the full render, code
 * and math are enhanced once frozen, and hostile markdown stays inert in Chromium.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { initCoreFromBytes, renderMarkdown } from '../extension/background/core';
import { scopeIds } from '../extension/sidepanel/answer/scope-ids';
import { ask, configureProvider } from './panel';
import { askAndWait as askAndWaitIn, startSession, type Session } from './session';
import { SSE_DONE, sseChunks, ssePieces } from './sse';

let session: Session;
let server: Session['server'];
let browser: Session['browser'];
let panel: Page;
const requests: string[] = [];
const dialogs: string[] = [];

beforeAll(async () => {
  initCoreFromBytes(readFileSync(new URL('../crates/gloss-wasm/pkg/gloss_wasm_bg.wasm', import.meta.url)));
  session = await startSession();
  ({ server, browser, panel } = session);
  browser.context.on('request', (r: Request) => requests.push(r.url()));
  panel.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await configureProvider(panel, { baseUrl: `${server.url}/v1`, model: 'test-model' });
  await panel.getByLabel('Your question').waitFor();
});

afterAll(() => session.close());

const askAndWait = (answer: string, chunkSize: number, question: string) =>
  askAndWaitIn(session, answer, chunkSize, question);

/** The answer's DOM with the panel's own additions undone, serialised. */
function normalisedAnswer(): Promise<string> {
  return panel.evaluate(() => {
    const answer = document.querySelector('.turn:last-child .answer');
    if (!answer) return '';
    const copy = answer.cloneNode(true) as HTMLElement;
    // The groups that hold frozen blocks (answer-dom.ts) are unwrapped; other added UI is removed.
    copy.querySelectorAll('[data-gloss-ui="blocks"]').forEach((el) => el.replaceWith(...el.childNodes));
    copy.querySelectorAll('[data-gloss-ui]').forEach((el) => el.remove());
    copy.querySelectorAll<HTMLElement>('[data-tex]').forEach((el) => {
      el.textContent = el.dataset.tex ?? '';
      delete el.dataset.tex;
    });
    // Highlighting, and the groups of lines a code block is put in (answer/highlight-dom.ts).
    copy.querySelectorAll('code.hljs, code:has(> .code-lines)').forEach((el) => {
      const text = el.textContent;
      el.textContent = text;
      el.classList.remove('hljs');
    });
    return copy.innerHTML;
  });
}

/** The answer's DOM as it streams: frozen blocks and the tail unwrapped, and the answer's own
 * id prefix (answer/scope-ids.ts) taken off again. A prefix may end inside a heading the final
 * answer does not have: `- fix 20\n  -` makes "fix 20" a setext heading in its list item. */
function openAnswer(): Promise<string> {
  return panel.evaluate(() => {
    const answer = document.querySelector('.turn:last-child .answer');
    if (!answer) return '';
    const copy = answer.cloneNode(true) as HTMLElement;
    copy
      .querySelectorAll('[data-gloss-ui="blocks"], [data-gloss-ui="tail"]')
      .forEach((el) => el.replaceWith(...el.childNodes));
    copy.querySelectorAll('[data-gloss-ui]').forEach((el) => el.remove());
    copy.querySelectorAll('[id]').forEach((el) => (el.id = el.id.replace(/^a\d+-/, '')));
    copy.querySelectorAll('a[href^="#"]').forEach((el) => {
      el.setAttribute('href', (el.getAttribute('href') ?? '').replace(/^#a\d+-/, '#'));
    });
    return copy.innerHTML;
  });
}

function serialised(html: string): Promise<string> {
  return panel.evaluate((h) => {
    const t = document.createElement('template');
    t.innerHTML = h;
    return t.innerHTML;
  }, html);
}

const LONG = readFileSync(new URL('./fixtures/long-answer.md', import.meta.url), 'utf8');

describe('streaming render', () => {
  test('a long answer streamed in small pieces ends as exactly the full render', async () => {
    expect(LONG.length).toBeGreaterThan(8000);
    const turn = await askAndWait(LONG, 7, 'Tell me everything');
    // The panel gives each answer's ids (and its #… links) a prefix of its own: answer/scope-ids.ts.
    const scope = (await turn.locator('.answer h2').first().getAttribute('id'))?.match(/^a\d+-/)?.[0];
    expect(scope).toBeDefined();
    expect(await normalisedAnswer()).toBe(await serialised(scopeIds(renderMarkdown(LONG), scope!)));
  });

  test('code is highlighted with a label and a copy button; math is typeset', async () => {
    const answer = panel.locator('.turn').last().locator('.answer');
    const rust = answer.locator('pre code.language-rust');
    // Highlighted off the main thread once the block ends (answer/highlighter.ts): soon, not at once.
    await expect.poll(() => rust.locator('.hljs-keyword').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const tools = answer.locator('.code-tools').first();
    expect(await tools.textContent()).toContain('rust');
    await tools.getByRole('button', { name: /Copy/ }).click();
    await expect.poll(() => tools.getByRole('button').textContent()).toBe('Copied');
    // What a user would do next: paste it.
    const box = panel.getByLabel('Your question');
    await box.fill('');
    await box.focus();
    await panel.keyboard.press('Control+V');
    expect(await box.inputValue()).toContain('fn parse(input: &str)');
    await box.fill('');
    await expect.poll(() => answer.locator('.katex').count()).toBeGreaterThan(0);
  });

  test('while a long table and list stream, the panel shows exactly the render of what has arrived', async () => {
    let answer = 'The versions:\n\n| # | Package | Notes |\n|---|:-:|--:|\n';
    for (let i = 1; i <= 40; i++) answer += `| ${i} | pkg-${i} | *ok* \\| [x](https://e.com/${i}) |\n`;
    answer += '\nChanges:\n\n';
    for (let i = 1; i <= 40; i++) answer += i % 10 === 0 ? `- fix ${i}\n  - detail\n\n` : `- fix **${i}**\n`;
    answer += '\nThat is all.\n';
    const samples = await streamedStates(sseChunks(answer, 5), 'List them');
    const midTable = samples.filter((s) => s.includes('<tbody>') && !s.includes('Changes'));
    const midList = samples.filter((s) => s.includes('<li>') && !s.includes('That is all'));
    expect(midTable.length).toBeGreaterThan(3);
    expect(midList.length).toBeGreaterThan(3);
    await expectPrefixRenders(samples, chunked(answer, 5));
  });

  test('while paragraphs with inline markup stream, the panel shows exactly the render of what has arrived', async () => {
    // Words added to an open paragraph go in as text (answer/tail-text.ts); markup that opens or
    // closes, entities and new blocks rebuild the tail. Every state must be a full render.
    const paragraph = (i: number) =>
      `Part ${i} has **bold words**, *emphasis that runs on*, \`code\` & <angle> "quotes",\n` +
      `a [link](https://e.com/${i}) and an autolink <https://e.com/a${i}>, then plain words after ` +
      `all of it, long enough to wrap in the panel.\n\n> A quote, *with emphasis*, that goes on.\n\n`;
    const answer = Array.from({ length: 6 }, (_, i) => paragraph(i)).join('') + 'The end.\n';
    const samples = await streamedStates(sseChunks(answer, 3), 'Write prose');
    expect(samples.filter((s) => s.includes('plain words')).length).toBeGreaterThan(10);
    await expectPrefixRenders(samples, chunked(answer, 3));
  });

  test('text added inside and after inline markup, one update at a time, shows as the full render', async () => {
    // Each piece its own update (100 ms apart, the panel updates every 66 ms): words go in after
    // a bold that closed, inside an emphasis still open, across a line break, in a quote, and in
    // the list item being written, nested too.
    const pieces = ['Plain ', 'words, ', '**bold**', ' after bold,', ' *em', ' runs*', ' on, then', ' more\nwords'];
    pieces.push(' & done', '.\n\n> quote ', 'grows *on', '* and on', '\n\n- an item ', 'that grows', ' **bold**');
    pieces.push(' and on\n- next ', 'one\n  - nested ', 'item grows', '\n\nEnd.\n');
    const samples = await streamedStates([...ssePieces(pieces), SSE_DONE], 'Write a little', 100);
    const prefixes = pieces.map((_, i) => pieces.slice(0, i + 1).join(''));
    expect(samples.length).toBeGreaterThan(8);
    await expectPrefixRenders(samples, prefixes);
  });
});

/** Streams `chunks` (`delayMs` apart) and gathers each state the answer shows. */
async function streamedStates(chunks: Buffer[], question: string, delayMs = 8): Promise<string[]> {
  server.enqueue({ kind: 'stream', chunks, delayMs });
  await ask(panel, question);
  const turn = panel.locator('.turn').last();
  const samples = new Set<string>();
  while ((await turn.getAttribute('data-status')) !== 'done') samples.add(await openAnswer());
  return [...samples].filter((s) => s !== '');
}

/** The prefixes of `answer` a provider sending `chunk` characters at a time sends. */
function chunked(answer: string, chunk: number): string[] {
  return Array.from({ length: Math.ceil(answer.length / chunk) }, (_, i) => answer.slice(0, (i + 1) * chunk));
}

/** Each state shown is the full render of one of `prefixes`. */
async function expectPrefixRenders(samples: string[], prefixes: string[]): Promise<void> {
  const expected = new Set(
    await panel.evaluate(
      (all) =>
        all.map((h) => {
          const t = document.createElement('template');
          t.innerHTML = h;
          return t.innerHTML;
        }),
      prefixes.map((prefix) => renderMarkdown(prefix)),
    ),
  );
  for (const sample of samples) expect(expected.has(sample), sample.slice(-300)).toBe(true);
}

describe('accessibility', () => {
  test('Up and Down move between messages; finished blocks reach the polite live region', async () => {
    const turns = panel.locator('article.turn');
    expect(await turns.count()).toBeGreaterThanOrEqual(1);
    await askAndWait('Short answer.\n\nSecond paragraph, announced once it is complete.\n', 3, 'A short one');
    const count = await turns.count();
    await turns.nth(count - 2).focus();
    await panel.keyboard.press('ArrowDown');
    expect(
      await panel.evaluate(() =>
        [...document.querySelectorAll('article.turn')].indexOf(document.activeElement as Element),
      ),
    ).toBe(count - 1);
    await panel.keyboard.press('ArrowUp');
    expect(
      await panel.evaluate(() =>
        [...document.querySelectorAll('article.turn')].indexOf(document.activeElement as Element),
      ),
    ).toBe(count - 2);
    const live = panel.locator('[aria-live="polite"]');
    expect(await live.textContent()).toContain('Second paragraph, announced once it is complete.');
  });
});

describe('hostile markdown', () => {
  const payloads = readFileSync(new URL('../crates/gloss-core/tests/fixtures/xss/payloads.md', import.meta.url), 'utf8')
    .split('\n%%%%%\n')
    .slice(1);

  test('the XSS corpus renders inert: no script runs, no element or handler survives', async () => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
    await askAndWait(payloads.join('\n\n'), 5, 'Repeat the corpus');
    const answer = panel.locator('.turn').last().locator('.answer');
    const found = await answer.evaluate((el) => ({
      dangerous: el.querySelectorAll('script, iframe, object, embed, style, svg, form, base, meta, link').length,
      handlers: [...el.querySelectorAll('*')].flatMap((n) => n.getAttributeNames().filter((a) => a.startsWith('on'))),
      badUrls: [...el.querySelectorAll('[href], [src]')]
        .map((n) => n.getAttribute('href') ?? n.getAttribute('src') ?? '')
        .filter((u) => !/^(https?:|mailto:|#|data:image\/(png|jpeg|gif|webp))/i.test(u)),
    }));
    expect(found).toEqual({ dangerous: 0, handlers: [], badUrls: [] });
    expect(dialogs).toEqual([]);
    expect(requests.filter((u) => u.includes('evil.example'))).toEqual([]);
  });

  test('a remote image loads only when its placeholder is clicked', async () => {
    const image = `${server.url}/pixel.png?from=answer`;
    await askAndWait(`Here: ![a pixel](${image})\n`, 4, 'Show an image');
    const placeholder = panel.locator('.turn').last().locator('button.remote-image');
    expect(await placeholder.textContent()).toContain('127.0.0.1');
    expect(requests).not.toContain(image);
    await placeholder.click();
    await expect.poll(() => requests.includes(image)).toBe(true);
  });
});
