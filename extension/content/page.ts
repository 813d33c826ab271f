/**
 * Injected on the user's action only ("Ask about this page", "Summarize this page"), into the
 * extension's isolated world of the active tab: extracts the page's readable text with
 * Mozilla's Readability (the article, without menus, ads and footers), falling back to the
 * body's visible text. Defines one function; the worker calls it with a second injection.
 */
import { Readability } from '@mozilla/readability';

export interface PageText {
  title: string;
  url: string;
  text: string;
  /** Shown by the browser's PDF viewer, whose text extensions cannot read. */
  pdf?: boolean;
}

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,td,th,figcaption,dt,dd';

/**
 * The article as plain text, one block per paragraph: the page source's own line breaks and
 * indentation are noise (and tokens), so whitespace is collapsed everywhere but in code.
 */
function blockText(html: string): string {
  // Parsed, never rendered: nothing in it runs or loads.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const parts: string[] = [];
  for (const el of doc.body.querySelectorAll(BLOCKS)) {
    if (el.tagName !== 'PRE' && el.querySelector(BLOCKS)) continue; // its inner blocks speak for it
    const raw = el.textContent;
    const text = el.tagName === 'PRE' ? raw.trimEnd() : raw.replace(/\s+/g, ' ').trim();
    if (text) parts.push(el.tagName === 'LI' ? `- ${text}` : text);
  }
  return parts.join('\n\n');
}

function readPage(): PageText {
  if (document.contentType === 'application/pdf')
    return { title: document.title, url: location.href, text: '', pdf: true };
  const clone = document.cloneNode(true) as Document;
  const article = new Readability(clone).parse();
  const text = (article?.content ? blockText(article.content) : '') || document.body.innerText.trim();
  return { title: article?.title?.trim() || document.title, url: location.href, text };
}

(globalThis as { __glossReadPage?: () => PageText }).__glossReadPage = readPage;
