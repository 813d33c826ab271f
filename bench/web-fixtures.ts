/**
 * For `bench:web`: a search engine and the pages it finds, all on this machine. The engine
 * answers in SearXNG's JSON format (the core's fixture, crates/gloss-core/tests/fixtures/web/
 * searxng/200-results.json: three results on doc.rust-lang.org, rustc-dev-guide.rust-lang.org
 * and en.wikipedia.org), and those three hosts are served over HTTPS from one local server
 * (e2e/https-server) with an article page each, of about the size of the real ones (30 KB of
 * HTML: navigation, a long article, a footer). Nothing leaves the machine.
 */
import { startSearxng } from '../e2e/fixtures/search-engines';
import { serveHttps } from '../e2e/https-server';

export const PAGE_HOSTS = ['doc.rust-lang.org', 'rustc-dev-guide.rust-lang.org', 'en.wikipedia.org'];

/** An article page of about `bytes` of HTML, written for the bench. */
function article(host: string, bytes: number): string {
  const paragraph =
    'The borrow checker follows every reference from where it is made to where it is last used, and refuses a program in which a value could be changed while it is borrowed, or used after it is gone. ';
  let body = '';
  for (let i = 0; body.length < bytes; i++) body += `<h2>Part ${i + 1}</h2><p>${paragraph.repeat(4)}</p>\n`;
  return `<!doctype html><html lang="en"><head><title>Borrowing on ${host}</title></head><body>
<nav><a href="/">Home</a> <a href="/book">Book</a> <a href="/search">Search</a></nav>
<main><article><h1>Borrowing on ${host}</h1>${body}</article></main>
<footer>Licensed under MIT or Apache-2.0.</footer></body></html>`;
}

export async function startWebFixtures() {
  const searxng = await startSearxng();
  const pages = await serveHttps(PAGE_HOSTS, (_path, request) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    return PAGE_HOSTS.includes(host) ? { type: 'text/html; charset=utf-8', body: article(host, 30_000) } : null;
  });
  return {
    searxngUrl: searxng.url,
    searches: () => searxng.requests.length,
    pageReads: () => pages.requests.length,
    args: pages.args,
    close: () => {
      searxng.close();
      pages.close();
    },
  };
}
