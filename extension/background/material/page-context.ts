/**
 * Questions that start from the page: the context menu and the keyboard shortcut read the
 * selection on demand and hand it to the panel as an attachment. The panel is opened first,
 * synchronously in the click or command handler: an `await` before it loses the user gesture.
 */
import browser, { type Tabs } from 'webextension-polyfill';
import type { PageText } from '../../content/page';
import pageReader from '../../content/page.ts?iife';
import { readSelection } from '../../content/selection';
import { handOver, takeHeld } from './hand-over';
import { createImageMenus } from './image-menus';
import { openPanel, panelReady, togglePanel } from '../panel';
import {
  keptSourcesKey,
  offerMaterial,
  pendingContextKey,
  readPending,
  type PendingContext,
} from '../../shared/attachment';
import { t } from '../../shared/i18n';
import { looksLikePdf } from '../../shared/pdf';
import { watchedVideo } from '../../shared/youtube';
import { readVideo } from './video-context';

const MENU_SELECTION = 'gloss-ask-selection';
const MENU_PAGE = 'gloss-ask-page';
const MENU_SUMMARIZE = 'gloss-summarize-page';
const MENU_ADD_TAB = 'gloss-add-tab';

export function setUpPageContext(): void {
  browser.runtime.onInstalled.addListener(() => void createMenus().catch(console.error));
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (!tab) return;
    if (info.menuItemId === MENU_SELECTION) {
      openPanel(tab);
      void capture(tab, info.selectionText ?? '');
    } else if (info.menuItemId === MENU_PAGE || info.menuItemId === MENU_SUMMARIZE) {
      openPanel(tab);
      void capturePage(tab, info.menuItemId === MENU_SUMMARIZE ? t('suggestSummarize') : undefined);
    } else if (info.menuItemId === MENU_ADD_TAB) {
      openPanel(tab);
      void addTab(tab, info.selectionText ?? '');
    }
  });
  // What was left for a window that closed, and its composer's sources, would only take up
  // session storage's 10 MB.
  browser.windows.onRemoved.addListener(
    (windowId) => void browser.storage.session.remove([pendingContextKey(windowId), keptSourcesKey(windowId)]),
  );
  browser.commands.onCommand.addListener((command, tab) => {
    if (!tab) return;
    if (command === 'toggle-panel') togglePanel(tab);
    if (command === 'add-tab') {
      openPanel(tab);
      void addTab(tab, '');
    }
    if (command !== 'ask-selection') return;
    openPanel(tab);
    void capture(tab, '');
  });
}

async function createMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_SELECTION, title: t('menuAskSelection'), contexts: ['selection'] });
  browser.contextMenus.create({ id: MENU_PAGE, title: t('menuAskPage'), contexts: ['page'] });
  browser.contextMenus.create({ id: MENU_SUMMARIZE, title: t('menuSummarizePage'), contexts: ['page'] });
  createImageMenus();
  // Last, so the items people know keep their places in Gloss's submenu; on the page only, so a
  // selection keeps its one direct item (the shortcut adds a selection).
  browser.contextMenus.create({ id: MENU_ADD_TAB, title: t('menuAddTab'), contexts: ['page'] });
}

/**
 * What is waiting for the panel of `windowId`, taken once and held until the panel confirms it
 * (`lease`; `confirmTaken`).
 */
export async function takePending(windowId: number): Promise<{ pending: PendingContext; lease: string } | null> {
  const taken = await takeHeld(pendingContextKey(windowId));
  const pending = taken && readPending(taken.value);
  return taken && pending ? { pending, lease: taken.lease } : null;
}

/** Leaves `pending` for the panel of the tab's window; if storage refuses it, says why instead. */
async function leave(tab: Tabs.Tab, pending: PendingContext): Promise<void> {
  await panelReady(tab.windowId ?? -1);
  await handOver(pendingContextKey(tab.windowId ?? -1), pending);
}

const UNREADABLE = t('pageUnreadable');

/**
 * A PDF in the tab, for the panel to read: the viewer keeps its text out of reach of scripts.
 * "Summarize this page" offers "Summarize this PDF." there.
 */
function pdfIn(tab: Tabs.Tab, question?: string): PendingContext {
  // The menu's "Summarize this page." says PDF here; a quick action's own prompt stays.
  const offered = question === t('suggestSummarize') ? t('suggestSummarizePdf') : question;
  return { pdf: { url: tab.url ?? '', title: tab.title ?? '' }, question: offered };
}

/**
 * A selection asked about in the PDF viewer, which keeps it from extensions (Chrome's viewer
 * and Firefox's pdf.js alike): the PDF, with the panel asking which pages were meant, rather
 * than a failure or the whole PDF as if it were the selection.
 */
function pdfForSelection(tab: Tabs.Tab): PendingContext {
  return { pdf: { url: tab.url ?? '', title: tab.title ?? '', askPages: true } };
}

/**
 * Runs `func` in the tab (in every frame with `allFrames`) and returns what each frame gave back.
 * The polyfill types results as unknown; each is what `func` returned, structured-cloned.
 */
async function runInTab<T>(tabId: number, func: () => T, allFrames = false): Promise<(T | undefined)[]> {
  const results = await browser.scripting.executeScript({ target: { tabId, allFrames }, func });
  return results.map((r) => r.result as T | undefined);
}

/** The page reader's reading of the tab's page (throws where nothing can be injected). */
export async function pageTextIn(tabId: number): Promise<PageText | undefined> {
  await browser.scripting.executeScript({ target: { tabId }, files: [pageReader] });
  const [page] = await runInTab(tabId, () => (globalThis as { __glossReadPage?: () => PageText }).__glossReadPage?.());
  return page;
}

/** The tab's page, PDF or video for the panel, with `question` to ask about it (a quick action). */
export async function askAboutTab(tab: Tabs.Tab, question: string): Promise<void> {
  await leave(tab, await readPage(tab, question));
}

/** Reads the page's readable text; `question` is offered in the composer (never sent by itself). */
async function capturePage(tab: Tabs.Tab, question?: string): Promise<void> {
  await leave(tab, await readPage(tab, question));
}

/** The page's readable text, its PDF or its video's transcript, or why there is none. */
async function readPage(tab: Tabs.Tab, question?: string): Promise<PendingContext> {
  // A video's page text is its title and comments: what it says is in its captions.
  if (watchedVideo(tab.url)) return readVideo(tab, question);
  let pending: PendingContext;
  try {
    const page = await pageTextIn(tab.id ?? -1);
    pending = page?.pdf
      ? pdfIn(tab, question)
      : page?.text
        ? offerMaterial({ kind: 'page', title: page.title, url: page.url, text: page.text }, question)
        : { error: t('pageNoText') };
  } catch {
    // Firefox's PDF viewer takes no scripts; its address still says what it shows.
    pending = looksLikePdf(tab.url) ? pdfIn(tab, question) : { error: UNREADABLE };
  }
  return pending;
}

/** The longest selection among a tab's frames: the frame the user selected in. */
function longestSelection(frames: (ReturnType<typeof readSelection> | undefined)[]) {
  return frames
    .filter((r): r is ReturnType<typeof readSelection> => Boolean(r?.text))
    .sort((a, b) => b.text.length - a.text.length)[0];
}

/**
 * "Add this tab": the tab's selection if there is one, else its page (text, PDF or transcript),
 * joining the sources already in the composer. `selected`: what the context menu saw selected.
 */
export async function addTab(tab: Tabs.Tab, selected: string): Promise<void> {
  const base = { kind: 'selection' as const, title: tab.title ?? '', url: tab.url ?? '' };
  let pending: PendingContext | null = selected ? offerMaterial({ ...base, text: selected }) : null;
  try {
    const best = longestSelection(await runInTab(tab.id ?? -1, readSelection, true));
    if (best) pending = offerMaterial({ ...base, text: best.text, title: base.title || best.title });
  } catch {
    // Nothing can be injected: the page reading below says why (or reads a PDF by its address).
  }
  pending ??= await readPage(tab);
  await leave(tab, 'error' in pending ? pending : { ...pending, add: true });
}

async function capture(tab: Tabs.Tab, fallback: string): Promise<void> {
  const base = { kind: 'selection' as const, title: tab.title ?? '', url: tab.url ?? '' };
  let pending: PendingContext;
  try {
    const frames = await runInTab(tab.id ?? -1, readSelection, true);
    const best = longestSelection(frames);
    pending = best
      ? // Credited to the page the user is on, also when the selection is in one of its frames.
        offerMaterial({ kind: 'selection', text: best.text, title: tab.title || best.title, url: tab.url || best.url })
      : fallback
        ? offerMaterial({ ...base, text: fallback })
        : frames.some((r) => r?.pdf)
          ? pdfForSelection(tab)
          : watchedVideo(tab.url)
            ? await readVideo(tab)
            : { error: t('selectFirst') };
  } catch {
    // Nothing can be injected here; the context menu still gave us the selected text.
    pending = fallback
      ? offerMaterial({ ...base, text: fallback })
      : looksLikePdf(tab.url)
        ? pdfForSelection(tab)
        : { error: UNREADABLE };
  }
  await leave(tab, pending);
}
