/**
 * The web sources of one answer, numbered in the order they came: each search result, and each
 * page read (a page a search found keeps the result's number). The model sees the numbers in
 * what the tools return and cites them as `[1]`; each tool step keeps the sources it brought,
 * so the panel links the answer's numbers to the same pages.
 */
import type { WebSource } from '../../shared/web/web-source';
import type { SearchResult } from '../core';
import { addressKey } from './given-urls';
import type { ReadPage } from './read-page';

/** What a tool gives the model, and the sources it numbered. */
export interface Numbered {
  text: string;
  sources: WebSource[];
}

export class WebSources {
  private readonly byAddress = new Map<string, WebSource>();
  private count = 0;

  /** Whether a search in this answer found `key` (an `addressKey`). */
  found(key: string): boolean {
    return this.byAddress.has(key);
  }

  /** Numbers the results and gives them as text for the model. */
  addResults(query: string, results: readonly SearchResult[]): Numbered {
    if (results.length === 0) return { text: `No results for "${query}".`, sources: [] };
    const sources = results.map((r) => this.add(r.url, r.title));
    const lines = results.map((r, i) =>
      [`[${String(sources[i]?.n)}] ${r.title}`, r.url, r.snippet].filter((l) => l !== '').join('\n'),
    );
    return { text: `Results for "${query}":\n\n${lines.join('\n\n')}`, sources };
  }

  /** Numbers the page (one a search found keeps its number) and gives it as text for the model. */
  addPage(page: ReadPage): Numbered {
    const source = this.add(page.url, page.title);
    const moved = page.finalUrl !== page.url;
    if (moved) this.byAddress.set(addressKey(page.finalUrl) ?? page.finalUrl, source);
    const where = `Address: ${page.url}${moved ? `\nMoved to: ${page.finalUrl}` : ''}`;
    const cut = page.cut ? `\n\n[Cut: the first ${page.cut.kept} of ${page.cut.total} characters.]` : '';
    // The reader stopped at its size limit: the page is longer than anything counted here.
    const partial = page.partial
      ? `\n\n[Only the first ${Math.round(page.partial.readBytes / 1_000_000)} MB of the page was read: it is longer.]`
      : '';
    return { text: `[${String(source.n)}] ${page.title}\n${where}\n\n${page.text}${cut}${partial}`, sources: [source] };
  }

  private add(url: string, title: string): WebSource {
    const key = addressKey(url) ?? url;
    const known = this.byAddress.get(key);
    if (known) return known;
    const source = { n: ++this.count, title: title || url, url };
    this.byAddress.set(key, source);
    return source;
  }
}
