/**
 * Code blocks in the real panel: a long block ends highlighted (off the main thread, in groups
 * of lines) with its text as written and scrolls sideways to its longest line's end; while it
 * streams, it shows exactly the code that has arrived, in groups of whole lines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';
import { GROUP_LINES } from '../extension/sidepanel/answer/code-lines';
import { ask } from './panel';
import { askAndWait as askAndWaitIn, startConfiguredSession, type Session } from './session';
import { sseChunks } from './sse';

let session: Session;
let panel: Page;

beforeAll(async () => void ({ panel } = session = await startConfiguredSession()));
afterAll(() => session.close());

const askAndWait = (answer: string, chunkSize: number, question: string) =>
  askAndWaitIn(session, answer, chunkSize, question);

describe('code blocks', () => {
  test('a long code block ends highlighted throughout, with its text as written', async () => {
    // 300 lines, a `const` on each, and a comment over the 25-line groups the panel highlights
    // in (answer/code-lines.ts): the comment's lines in the next group are still a comment.
    const lines = Array.from({ length: 300 }, (_, i) => `const v${i} = "<b>${i}</b>" + 'x';`);
    lines.splice(20, 0, '/* a comment', ...Array.from({ length: 10 }, (_, i) => `   comment line ${i}`), '*/');
    lines.splice(100, 0, `// ${'w'.repeat(300)} wide-end`);
    const code = `${lines.join('\n')}\n`;
    // Highlighted in its worker (answer/highlighter.ts), which says so if it had to fall back.
    const warnings: string[] = [];
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === 'warning') warnings.push(m.text());
    };
    panel.on('console', onConsole);
    const turn = await askAndWait(`Here it is:\n\n\`\`\`typescript\n${code}\`\`\`\n`, 50, 'Long code');
    const block = turn.locator('pre code.language-typescript');
    await expect.poll(() => block.locator('.hljs-keyword').count(), { timeout: 10_000 }).toBe(300);
    expect(await block.textContent()).toBe(code);
    // No markup came from the code: its tags are text.
    expect(await block.locator('b').count()).toBe(0);
    const inComment = await block.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.textContent?.includes('comment line 9'))
          found.push(n.parentElement?.closest('.hljs-comment') ? 'yes' : 'no');
      }
      return found;
    });
    expect(inComment).toEqual(['yes']);
    // Selecting the block gives its text, without blank lines between the groups.
    const selected = await block.evaluate((el) => {
      const selection = getSelection();
      selection?.selectAllChildren(el);
      const text = selection?.toString();
      selection?.removeAllRanges();
      return text;
    });
    expect(selected?.trimEnd()).toBe(code.trimEnd());
    // A line wider than the panel scrolls into view to its end once it is on screen: a group of
    // lines is as wide as its longest, or its paint (clipped to its box, since off-screen groups
    // are skipped) cut the line off.
    const { scrollWidth, lineWidth } = await block.evaluate(async (el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let wide: Node | null = walker.nextNode();
      while (wide && !wide.textContent?.includes('wide-end')) wide = walker.nextNode();
      wide?.parentElement?.scrollIntoView({ block: 'center' });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const range = document.createRange();
      if (wide) range.selectNodeContents(wide);
      return { scrollWidth: el.parentElement?.scrollWidth ?? 0, lineWidth: range.getBoundingClientRect().width };
    });
    expect(lineWidth).toBeGreaterThan(1000);
    expect(scrollWidth).toBeGreaterThanOrEqual(lineWidth);
    panel.off('console', onConsole);
    expect(warnings.filter((w) => w.includes('highlight'))).toEqual([]);
  });

  test('while a long code block streams, it shows exactly the code that has arrived, in groups of whole lines', async () => {
    const code = Array.from({ length: 120 }, (_, i) => `let line${i} = ${i} * 2; // <not a tag> & more\n`).join('');
    session.server.enqueue({ kind: 'stream', chunks: sseChunks(`Here:\n\n\`\`\`js\n${code}\`\`\`\n`, 9), delayMs: 4 });
    await ask(panel, 'Some code');
    const turn = panel.locator('.turn').last();
    const samples: { text: string; groups: string[] }[] = [];
    while ((await turn.getAttribute('data-status')) !== 'done') {
      const sample = await panel.evaluate(() => {
        const open = document.querySelector('.turn:last-child .answer .tail pre code');
        return open && { text: open.textContent, groups: [...open.children].map((g) => g.textContent) };
      });
      if (sample) samples.push(sample);
    }
    expect(samples.filter((s) => s.groups.length > 2).length).toBeGreaterThan(3);
    for (const { text, groups } of samples) {
      expect(code.startsWith(text), text.slice(-80)).toBe(true);
      expect(groups.join('')).toBe(text);
      // Every group but the one being filled is whole lines, at most GROUP_LINES of them.
      for (const group of groups.slice(0, -1)) {
        expect(group.endsWith('\n')).toBe(true);
        expect(group.split('\n').length - 1).toBeLessThanOrEqual(GROUP_LINES);
      }
    }
  });
});
