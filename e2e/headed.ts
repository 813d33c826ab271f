/**
 * Real browser UI, driven with real input: headed Chromium on a virtual display (toolbar clicks,
 * context menus and keyboard shortcuts do not exist in headless mode), X events from xdotool.
 * Gloss is found on screen by the indigo of its icon, never by positions that change between
 * versions. The side panel is not a page Playwright can see, so it is read through
 * `chrome.extension.getViews()` from an extension page in a window behind: what the user sees.
 */
import { expect } from 'vitest';
import type { JSHandle, Page } from 'playwright-core';
import { launchWithExtension, WINDOW, type Browser } from './browser';
import { saveTestProvider } from './panel';
import { fixture, perEvent, startProviderServer, type RecordedRequest, type ProviderServer } from './provider-server';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  clickAt,
  focusedWindowName,
  focusWindowNamed,
  startXvfb,
  waitOnScreen,
  xdotool,
  type Display,
  type Rect,
} from './xvfb';

const run = promisify(execFile);

type Message = NonNullable<RecordedRequest['body']['messages']>[number];

/** The indigo of Gloss's icon (scripts/make-icons.py). */
export const ICON_RGB: [number, number, number] = [79, 70, 229];
export const TOOLBAR: Rect = { x0: 0, y0: 0, x1: WINDOW.width, y1: 120 };
/** Where a page's context menu opens: below the toolbar, left of an open side panel. */
export const PAGE_AREA: Rect = { x0: 0, y0: 90, x1: 880, y1: WINDOW.height };

/**
 * Where the reader's window sits: below the browser's, off everything the tests look at or click
 * (the screen is made taller for it).
 */
const READER = { top: WINDOW.height + 20, width: 500, height: 400 };

/** The gap Chromium leaves between its side panel's page and the window's edges (measured). */
const PANEL_FRAME = { right: 10, bottom: 11 };

/** A point in the side panel's page (CSS pixels, with its view's size) on the screen. */
export function panelToScreen(at: { x: number; y: number; w: number; h: number }): { x: number; y: number } {
  // The panel's page sits at the window's bottom right, inside a small frame of Chromium's.
  return { x: WINDOW.width - PANEL_FRAME.right - at.w + at.x, y: WINDOW.height - PANEL_FRAME.bottom - at.h + at.y };
}

export interface Headed {
  display: Display;
  browser: Browser;
  server: ProviderServer;
  /** The tab the user reads in, in front. */
  page(): Promise<Page>;
  /** The side panels open right now, by their page's URL. */
  sidePanels: () => Promise<string[]>;
  /** Runs `read` on the open side panel's document (null when no panel is open), with `arg`. */
  inPanel<T, A = undefined>(read: (doc: Document | null, arg: A) => T, arg?: A): Promise<T>;
  /** Runs `read` on every open side panel's document (one per window with Gloss open). */
  inPanels<T>(read: (doc: Document) => T): Promise<T[]>;
  /** Waits for Gloss's icon inside `area` and returns its centre on screen. */
  findIcon(area: Rect): Promise<{ x: number; y: number }>;
  /**
   * Gloss's icon inside `area` once it stays put, for a click on the toolbar button: the toolbar
   * lays its buttons out again (animated) after a start and when the side panel opens or closes,
   * and a click where the icon was a moment ago opens nothing.
   */
  settledIcon(area: Rect): Promise<{ x: number; y: number }>;
  xdotool(...args: string[]): Promise<void>;
  /**
   * Presses Gloss's shortcut `keys` (e.g. 'alt+shift+q') in the window of `page` (the tab in
   * front by default), as a reader does with that window in front: first gives that window the
   * keyboard if another has it (under load the test's own reader window could keep it, and the
   * shortcut would then rightly find an extension page it cannot read).
   */
  shortcut(keys: string, page?: Page): Promise<void>;
  /** Moves the pointer to (x, y) and clicks `button` (1 left, 3 right). */
  clickAt(x: number, y: number, button?: 1 | 3): Promise<void>;
  /** Saves the test provider once, through the worker's message API. */
  ensureProvider(): Promise<void>;
  /**
   * Clicks into the open panel's composer, types `text` (if any) and presses Enter; returns the
   * messages the provider received (it answers with a short Markdown fixture, or `answer`'s
   * SSE chunks, `delayMs` apart).
   */
  askFromPanel(text?: string, answer?: Buffer[], delayMs?: number): Promise<Message[]>;
  /**
   * What is on the screen and in the browser, for a failure's message: the X windows top first
   * (name, size, place), the one with the keyboard, the browser's windows and tabs, and each
   * Gloss page's state (a click that never lands is then explained).
   */
  describe(): Promise<string>;
  close(): Promise<void>;
}

/** `args`: more Chromium switches (e.g. mapping a real host to a local server); `lang`: the UI's language. */
export async function startHeaded(args: string[] = [], lang?: string): Promise<Headed> {
  // Room below the browser's window for the reader's own (READER): stacked behind it, a window
  // of the same size would cover everything on screen the moment Chromium raised it.
  const display = await startXvfb(WINDOW.width, READER.top + READER.height);
  const browser = await launchWithExtension({ display: display.name, args, ...(lang && { lang }) });
  const server = await startProviderServer();
  let reader: Page | undefined;
  let configured = false;

  const page = async () => {
    const tab = browser.context.pages().find((p) => !p.url().startsWith('chrome-extension:'));
    const front = tab ?? (await browser.context.newPage());
    await front.bringToFront();
    return front;
  };

  const readerPage = async (): Promise<Page> => {
    if (!reader) {
      // Gloss's own page in a window of its own, behind the user's: a panel page takes only
      // what was asked in its window, and a tab never counts as the side panel.
      const opened = browser.context.waitForEvent('page');
      await browser.worker.evaluate(async (bounds) => {
        const url = chrome.runtime.getURL('extension/sidepanel/index.html');
        // Chromium gives a new window the --window-size over the bounds asked for; update moves it.
        const id = (await chrome.windows.create({ url, focused: false }))?.id;
        if (id !== undefined) await chrome.windows.update(id, { left: 0, ...bounds });
      }, READER);
      reader = await opened;
      await reader.waitForLoadState();
      await page();
    }
    return reader;
  };
  const panelDocument = async (): Promise<JSHandle<Document | null>> =>
    // Not a panel being replaced (Chromium may keep one alive a while after a reload); a view
    // still loading has no root element yet, whatever the DOM's types say.
    (await readerPage()).evaluateHandle(
      () =>
        chrome.extension
          .getViews()
          .find((v) => v !== window && (v.document.documentElement as HTMLElement | null)?.dataset.retired !== 'true')
          ?.document ?? null,
    );

  return {
    display,
    browser,
    server,
    page,
    sidePanels: () =>
      browser.worker.evaluate(async () => {
        const contexts = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.SIDE_PANEL] });
        return contexts.map((c) => c.documentUrl ?? '');
      }),
    inPanel: async <T, A>(read: (doc: Document | null, arg: A) => T, arg?: A) =>
      // Playwright types a passed value as its serialised form; `arg` is plain data.
      (await panelDocument()).evaluate(read as (doc: Document | null, arg: unknown) => T, arg),
    inPanels: async <T>(read: (doc: Document) => T) => {
      const docs = await (
        await readerPage()
      ).evaluateHandle(() =>
        chrome.extension
          .getViews()
          .flatMap((v) =>
            v === window || (v.document.documentElement as HTMLElement | null)?.dataset.retired === 'true'
              ? []
              : [v.document],
          ),
      );
      const each = [...(await docs.getProperties()).values()] as JSHandle<Document>[];
      return Promise.all(each.map((doc) => doc.evaluate(read)));
    },
    findIcon: (area) => waitOnScreen(display.name, area, ICON_RGB),
    settledIcon: (area) => settledOnScreen(display.name, area),
    xdotool: (...args) => xdotool(display.name, ...args),
    shortcut: async (keys, front) => {
      front ??= await page();
      // Chromium names a window after its active tab's title (its address when there is none).
      const window = `${(await front.title()) || front.url().replace(/^https?:\/\//, '')} - Chromium`;
      // The name follows a navigation a moment later. A viewer's title can differ from the
      // page's (a PDF's own title): then, after 3 s, the keys go where the keyboard is.
      for (let tries = 1; tries <= 30 && (await focusedWindowName(display.name)) !== window; tries++) {
        if (tries % 5 === 0) await focusWindowNamed(display.name, window);
        await new Promise((r) => setTimeout(r, 100));
      }
      await xdotool(display.name, 'key', keys);
    },
    clickAt: (x, y, button) => clickAt(display.name, x, y, button),
    ensureProvider: async () => {
      // The Save button also asks for host access, and that real prompt would sit over the
      // window (the UI flow is tested headless elsewhere).
      if (configured) return;
      const setup = await browser.openPanel();
      await saveTestProvider(setup, `${server.url}/v1`);
      await setup.close();
      configured = true;
    },
    askFromPanel: async (text, answer, delayMs = 1) => {
      const at = await panelDocument().then((doc) =>
        doc.evaluate((d) => {
          const box = d?.querySelector('textarea')?.getBoundingClientRect();
          const view = d?.defaultView;
          return box && view
            ? { x: box.x + box.width / 2, y: box.y + box.height / 2, w: view.innerWidth, h: view.innerHeight }
            : null;
        }),
      );
      if (!at) throw new Error('no composer: the panel is not open');
      const { x, y } = panelToScreen(at);
      // Keys typed before the click moved the focus into the panel would go to the page.
      const focused = () =>
        panelDocument().then((d) => d.evaluate((doc) => doc?.activeElement?.tagName === 'TEXTAREA' && doc.hasFocus()));
      for (let click = 1; !(await focused()); click++) {
        await clickAt(display.name, x, y);
        await new Promise((r) => setTimeout(r, 300));
        if (click === 5) throw new Error('the composer did not take the focus');
      }
      if (text) await xdotool(display.name, 'type', '--delay', '20', text);
      const before = server.requests.length;
      server.enqueue({ kind: 'stream', chunks: answer ?? perEvent(fixture('markdown_answer')), delayMs });
      await xdotool(display.name, 'key', 'Return');
      await expect.poll(() => server.requests.length, { timeout: 15_000 }).toBe(before + 1);
      return server.requests.at(-1)?.body.messages ?? [];
    },
    describe: async () => {
      const env = { ...process.env, DISPLAY: display.name };
      const windows = await run('xwininfo', ['-root', '-children'], { env }).then(
        (r) =>
          r.stdout
            .split('\n')
            .filter((l) => /"[^"]*Chromium"|chromium/.test(l))
            .map((l) => l.trim()),
        (e: unknown) => [String(e)],
      );
      const browserWindows = await browser.worker.evaluate(async () =>
        (await chrome.windows.getAll({ populate: true })).map((w) => ({
          focused: w.focused,
          bounds: [w.left, w.top, w.width, w.height],
          tabs: w.tabs?.map((t) => `${t.active ? '*' : ''}${t.title ?? ''}`),
        })),
      );
      const views = await (
        await readerPage()
      ).evaluate(() =>
        chrome.extension.getViews().map((v) => ({
          reader: v === window,
          retired: (v.document.documentElement as HTMLElement | null)?.dataset.retired ?? null,
          visible: v.document.visibilityState,
          focus: v.document.hasFocus(),
          size: [v.innerWidth, v.innerHeight],
        })),
      );
      const focused = await focusedWindowName(display.name);
      return JSON.stringify({ windows, focused, browserWindows, views }, null, 1);
    },
    close: async () => {
      await server.close();
      await browser.close();
      display.close();
    },
  };
}

async function settledOnScreen(display: string, area: Rect): Promise<{ x: number; y: number }> {
  let last = await waitOnScreen(display, area, ICON_RGB);
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await waitOnScreen(display, area, ICON_RGB);
    if (now.x === last.x && now.y === last.y) return now;
    last = now;
  }
  return last;
}
