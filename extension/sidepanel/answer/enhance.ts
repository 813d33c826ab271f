/**
 * What the panel adds to a block once it is frozen (never per token): syntax highlighting with
 * a language label and a copy button for code (highlight.js runs in a worker: highlighter.ts),
 * and KaTeX for math. Added UI carries
 * `data-gloss-ui`; typeset math keeps its TeX in `data-tex`. highlight.js and KaTeX are loaded
 * when an answer first opens a code block or a formula (`preload`), so opening the panel does not
 * wait for them and an answer's end does not either. Highlighting and typesetting run in idle
 * time or in a streaming answer's frames, a formula or a code block's group of lines at a time
 * (`idle-queue.ts`, `highlight-dom.ts`).
 */
import { t } from '../../shared/i18n';
import { highlightJobs, splitLines } from './highlight-dom';
import { highlightGroups, startHighlighter } from './highlighter';
import { IdleQueue } from './idle-queue';
import { mathOptions } from './math-options';

const idle = new IdleQueue();
let katex: Promise<typeof import('./katex')> | undefined;

/** Starts loading what a code block (`code`) or a formula (`math`) will need once it is finished. */
export function preload(kind: 'code' | 'math'): void {
  if (kind === 'code') startHighlighter();
  else
    katex ??= import('./katex').then((module) => {
      module.loadFonts();
      return module;
    });
}

/** A streaming answer's frame is being drawn: it takes some of the waiting work (idle-queue.ts). */
export function enhanceInFrame(): void {
  idle.runInFrame();
}

/** The streaming answer ended: its last work need not wait for frames that will not come. */
export function enhanceAfterFrames(): void {
  idle.framesEnded();
}

export function enhance(blocks: Element[]): void {
  for (const block of blocks) {
    for (const code of withSelf(block, 'pre > code')) decorateCode(code);
    for (const image of withSelf(block, 'button.remote-image')) {
      // The core names the host in English; say it in the user's language.
      const host = image.querySelector('.remote-image-host')?.textContent ?? '';
      image.setAttribute('title', t('loadImage', host));
    }
    const math = withSelf(block, '[data-math-style]');
    if (math.length > 0) typeset(math);
  }
}

function withSelf(root: Element, selector: string): Element[] {
  return [...(root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)];
}

function decorateCode(code: Element): void {
  const pre = code.parentElement;
  if (!pre) return;
  const language = codeLanguage(code.className);
  const text = code.textContent;
  if (language) highlightLater(splitLines(code, text), text, language);
  const tools = document.createElement('div');
  tools.className = 'code-tools';
  tools.dataset.glossUi = 'code-tools';
  const label = document.createElement('span');
  label.textContent = language || 'text';
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'copy';
  copy.textContent = t('copy');
  copy.setAttribute('aria-label', t('copyCode', language || t('code')));
  copy.addEventListener('click', () => {
    navigator.clipboard.writeText(text).then(
      () => flash(copy, t('copied')),
      () => flash(copy, t('copyFailed')),
    );
  });
  tools.append(label, copy);
  pre.before(tools);
}

/** The language a code block is marked with (`language-rust` gives `rust`), or '' for none. */
export function codeLanguage(className: string): string {
  return /\blanguage-([\w+#-]+)/.exec(className)?.[1] ?? '';
}

function flash(button: HTMLButtonElement, text: string): void {
  button.textContent = text;
  setTimeout(() => (button.textContent = t('copy')), 1500);
}

/** Highlighted in the highlighting worker, then put in a group of lines per idle-time job. */
function highlightLater(parts: HTMLElement[], text: string, language: string): void {
  void highlightGroups(text, language).then((groups) => {
    if (groups) for (const job of highlightJobs(parts, groups)) idle.push(job);
  });
}

/** KaTeX is loaded only when an answer has math: most answers don't. A formula is a job. */
function typeset(elements: Element[]): void {
  preload('math');
  void katex?.then(({ default: render }) => {
    for (const el of elements) {
      idle.push(() => {
        if (!(el instanceof HTMLElement) || el.dataset.tex !== undefined) return;
        const tex = el.textContent;
        el.dataset.tex = tex;
        render.render(tex, el, mathOptions(el.dataset.mathStyle === 'display'));
      });
    }
  });
}
