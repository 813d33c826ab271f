import { describe, expect, test } from 'vitest';
import type { ToolPolicy } from '../../shared/tools/tool-settings';
import type { ToolStep } from '../../shared/tools/tool-steps';
import { exposeTools } from '../tools/exposed-tools';
import { answerCalls, DENIED, type Decision } from '../tools/tool-calls';
import { GlossTools, PAGE_CHARS, type GlossToolsDeps } from './gloss-tools';
import type { OpenTab, TabReading } from './tab-tool';

const GIVEN = 'https://given.example/article';
const TAB: OpenTab = { id: 7, url: GIVEN, title: 'The article' };
const page = (tab: OpenTab, text = 'What the page says.'): TabReading => ({
  page: { url: tab.url, finalUrl: tab.url, title: tab.title, text, kind: 'html' },
});

interface Setup {
  policy?: ToolPolicy;
  tabs?: (OpenTab | undefined)[];
  canRead?: boolean;
  reading?: (tab: OpenTab) => TabReading;
  decision?: Decision;
  /** The web reader, for a tab showing a PDF (none: it fails). */
  fetched?: GlossToolsDeps['read'];
}

/** One read_tab call through the loop's call answering, as a model makes it. */
async function readTab(setup: Setup = {}) {
  const tabs = [...(setup.tabs ?? [TAB])];
  const reads: OpenTab[] = [];
  const steps: ToolStep[] = [];
  const gaveBack: number[] = [];
  const asked: string[] = [];
  const gloss = new GlossTools({
    policies: { read_tab: setup.policy ?? 'allow' },
    given: new Set([GIVEN]),
    search: () => Promise.reject(new Error('no search')),
    read: setup.fetched ?? (() => Promise.reject(new Error('no fetch'))),
    hasAccess: () => Promise.resolve(true),
    giveBack: () => Promise.resolve(void gaveBack.push(1)),
    tab: {
      // Each look at the tab sees the next one given (the last stays).
      active: () => Promise.resolve(tabs.length > 1 ? tabs.shift() : tabs[0]),
      canRead: () => Promise.resolve(setup.canRead ?? true),
      read: (tab) => {
        reads.push(tab);
        return Promise.resolve(setup.reading?.(tab) ?? page(tab));
      },
    },
  });
  const exposed = exposeTools(await gloss.offered());
  const call = { id: 'c1', name: 'read_tab', arguments: {} };
  const [result] = await answerCalls([call], [], ctx(gloss, exposed, steps, asked, setup.decision ?? 'once'), () => {});
  return { result, reads, steps, last: steps.at(-1), gaveBack, asked, exposed };
}

function ctx(
  source: GlossTools,
  exposed: ReturnType<typeof exposeTools>,
  steps: ToolStep[],
  asked: string[],
  decision: Decision,
) {
  return {
    exposed,
    source,
    timeoutMs: 5000,
    signal: new AbortController().signal,
    show: (step: ToolStep) => void steps.push(step),
    ask: (id: string) => Promise.resolve(void asked.push(id)).then(() => decision),
    allowAlways: () => Promise.resolve(),
    fence: (tool: string, source: string, text: string) => `<<<${tool} ${source}>>>\n${text}\n<<<end>>>`,
  };
}

describe('read_tab', () => {
  test('a tab the user gave in this chat is read without asking, fenced, numbered, with title and address', async () => {
    const { result, asked, reads, last } = await readTab();
    expect(asked).toEqual([]);
    expect(reads).toEqual([TAB]);
    expect(result?.content).toBe(
      `<<<read_tab Gloss>>>\n[1] The article\nAddress: ${GIVEN}\n\nWhat the page says.\n<<<end>>>`,
    );
    expect(last).toMatchObject({ status: 'done', sources: [{ n: 1, title: 'The article', url: GIVEN }] });
  });

  test('a tab not given asks first, naming it, without "Always allow"; nothing is read before the click', async () => {
    const other = { id: 8, url: 'https://other.example/news#top', title: 'Other news' };
    const { asked, reads, steps } = await readTab({ tabs: [other], decision: 'deny' });
    expect(asked).toHaveLength(1);
    const waiting = steps.find((s) => s.asks);
    expect(waiting?.asksBecause).toContain('Read the tab “Other news” (https://other.example/news)?');
    expect(reads).toEqual([]);
  });

  test('Deny tells the model the user refused, and nothing is read', async () => {
    const other = { id: 8, url: 'https://other.example/news', title: 'Other news' };
    const { result, reads, last } = await readTab({ tabs: [other], decision: 'deny' });
    expect(result).toMatchObject({ content: DENIED, isError: true });
    expect(reads).toEqual([]);
    expect(last?.status).toBe('denied');
  });

  test('Allow once reads the tab asked about', async () => {
    const other = { id: 8, url: 'https://other.example/news', title: 'Other news' };
    const { reads, result } = await readTab({ tabs: [other], decision: 'once' });
    expect(reads).toEqual([other]);
    expect(result?.content).toContain('Other news');
  });

  test('a tab that changed after the user allowed it is not read', async () => {
    const other = { id: 8, url: 'https://other.example/news', title: 'Other news' };
    const moved = { ...other, url: 'https://other.example/elsewhere' };
    const { reads, result } = await readTab({ tabs: [other, moved], decision: 'once' });
    expect(reads).toEqual([]);
    expect(result).toMatchObject({
      isError: true,
      content: expect.stringContaining('The tab changed before it was read'),
    });
  });

  test('access lent for a tab the user allowed goes back when another page is there by the read', async () => {
    const other = { id: 8, url: 'https://other.example/news', title: 'Other news' };
    const moved = { ...other, url: 'https://other.example/elsewhere' };
    const { reads, gaveBack, last } = await readTab({ tabs: [other, moved], canRead: false, decision: 'once' });
    expect(reads).toEqual([]);
    expect(last).toMatchObject({ status: 'failed', access: 'https://other.example/*' });
    expect(gaveBack).toHaveLength(1);
  });

  test('Ask in Settings asks even for a given tab; Off offers no read_tab at all', async () => {
    const ask = await readTab({ policy: 'ask', decision: 'deny' });
    expect(ask.asked).toHaveLength(1);
    expect(ask.steps.find((s) => s.asks)?.asksBecause).toBeUndefined(); // the tool's own Always allow stays
    expect(ask.reads).toEqual([]);
    const off = await readTab({ policy: 'off' });
    expect([...off.exposed.byName.keys()]).not.toContain('read_tab');
    expect(off.reads).toEqual([]);
  });

  test('a given tab Gloss has no access to asks for its site, for this read only, and gives it back', async () => {
    const { asked, last, gaveBack, reads } = await readTab({ canRead: false });
    expect(asked).toHaveLength(1);
    expect(reads).toHaveLength(1);
    expect(last).toMatchObject({ status: 'done', access: 'https://given.example/*' });
    expect(gaveBack).toHaveLength(1);
  });

  test('a tab Gloss cannot read says so to the model and in the step', async () => {
    const store = { id: 9, url: 'chrome://extensions/', title: 'Extensions' };
    const closed = await readTab({ tabs: [undefined] });
    expect(closed.result).toMatchObject({ isError: true, content: expect.stringContaining('no tab beside this chat') });
    const browserPage = await readTab({ tabs: [store] });
    expect(browserPage.reads).toEqual([]);
    expect(browserPage.last).toMatchObject({
      status: 'failed',
      result: expect.stringContaining('cannot read the tab'),
    });
    const unseen = await readTab({ tabs: [{ id: 3, url: '', title: '' }] });
    expect(unseen.last?.result).toContain('Add it to the chat');
    const noText = await readTab({ reading: () => ({ problem: 'The tab “x” (y) has no readable text.' }) });
    expect(noText.last).toMatchObject({ status: 'failed', result: expect.stringContaining('no readable text') });
  });

  test('a long page is cut to the same limit as fetch_url’s, saying what was cut', async () => {
    const { result, last } = await readTab({ reading: (tab) => page(tab, 'x'.repeat(PAGE_CHARS + 10)) });
    expect(last?.cut).toEqual({ kept: PAGE_CHARS, total: PAGE_CHARS + 10 });
    expect(result?.content).toContain(`[Cut: the first ${PAGE_CHARS} of ${PAGE_CHARS + 10} characters.]`);
  });

  test('a PDF in a tab the user allowed is read by its address, which may lead to a private network (an intranet PDF), and only its own origin may', async () => {
    const pdfTab: OpenTab = { id: 9, url: 'https://wiki.intranet.example/report.pdf', title: 'report.pdf' };
    const origins: { own: boolean; other: boolean }[] = [];
    const { last, asked } = await readTab({
      tabs: [pdfTab],
      reading: () => ({ pdf: true }),
      fetched: (url, options) => {
        origins.push({
          own: options.allowedPrivate?.('https://wiki.intranet.example') ?? false,
          other: options.allowedPrivate?.('https://printer.intranet.example') ?? false,
        });
        return Promise.resolve({ page: { url, finalUrl: url, title: 'Report', text: 'Figures.', kind: 'pdf' } });
      },
    });
    expect(asked).toHaveLength(1);
    expect(origins).toEqual([{ own: true, other: false }]);
    expect(last).toMatchObject({ status: 'done' });
  });
});
