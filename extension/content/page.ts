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
}

function readPage(): PageText {
  const clone = document.cloneNode(true) as Document;
  const article = new Readability(clone).parse();
  const fromArticle = article ? String(article.textContent).trim() : '';
  const text = fromArticle || document.body.innerText;
  return {
    title: article?.title?.trim() || document.title,
    url: location.href,
    text: text
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  };
}

(globalThis as { __glossReadPage?: () => PageText }).__glossReadPage = readPage;
