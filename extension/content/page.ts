/**
 * Injected on the user's action only ("Ask about this page", "Summarize this page"), into the
 * extension's isolated world of the active tab: extracts the page's readable text with
 * Mozilla's Readability (the article, without menus, ads and footers), falling back to the
 * body's visible text. Defines one function; the worker calls it with a second injection.
 */
import { Readability } from '@mozilla/readability';
import { blockText } from '../shared/web/readable';

export interface PageText {
  title: string;
  url: string;
  text: string;
  /** Shown by the browser's PDF viewer, whose text extensions cannot read. */
  pdf?: boolean;
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
