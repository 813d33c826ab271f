/**
 * Opening and closing Gloss's panel in either browser: Chrome's side panel, Firefox's sidebar.
 * Both must be called synchronously inside the user's action (click, menu, shortcut), before
 * any await, so which windows have the panel open is tracked as it happens: each open panel
 * announces itself on a port (shared/protocol `announcePanel`).
 */
import browser, { type Tabs } from 'webextension-polyfill';
import { onPanelPresence } from '../shared/protocol';
import { handleToolbarButton, hasSidePanel, openSidePanel, openSidePanelForTyping } from '../shared/chrome-side-panel';
import { openSidebar, toggleSidebarFromToolbar } from '../shared/firefox-sidebar';
import { releaseTabs } from './settings/host-access';

/** Window id → each panel open in it: how to close it, and to retire it (`openPanel`). */
interface OpenPanel {
  close: () => void;
  retire: () => void;
}
const openPanels = new Map<number, Set<OpenPanel>>();

/**
 * How long no panel must be open before the tab list is given back: a panel reopened to take the
 * keyboard (`openPanel`) is gone for a moment, and its tab picker should not have to ask again.
 */
const RELEASE_AFTER_MS = 5_000;

/**
 * Windows whose panel is reloading to take the keyboard → resolves once the new panel announced
 * itself. Material waits for it: the old panel, still there for a moment, would take it and go.
 */
const reloading = new Map<number, { ready: Promise<void>; resolve: () => void }>();

/** The longest material waits for a reloading panel (one that never comes back). */
const RELOAD_WAIT_MS = 3_000;

function expectReload(windowId: number): void {
  if (reloading.has(windowId)) return;
  let resolve = () => {};
  const ready = new Promise<void>((r) => (resolve = r));
  reloading.set(windowId, { ready, resolve });
  setTimeout(() => panelBack(windowId), RELOAD_WAIT_MS);
}

function panelBack(windowId: number): void {
  reloading.get(windowId)?.resolve();
  reloading.delete(windowId);
}

/** Resolves when material for `windowId`'s panel can be left for it. */
export function panelReady(windowId: number): Promise<void> {
  return reloading.get(windowId)?.ready ?? Promise.resolve();
}

/**
 * Windows where Gloss opened the panel, which has not announced itself yet → when. A panel takes
 * a moment to load before it can say it is open; material asked for in another window meanwhile
 * reloads the open panels (`openPanel`), and this one must be among them, or it stays closed.
 */
const opening = new Map<number, number>();

/** How long a panel opened by Gloss counts as open without having said so. */
const OPENING_MS = 5_000;

/** Counts the panel that `open` opens in `windowId` as open until it says so (or fails to open). */
function loading(windowId: number, open: Promise<boolean>): void {
  if (openPanels.get(windowId)?.size) return;
  const since = performance.now();
  opening.set(windowId, since);
  void open.then((opened) => opened || (opening.get(windowId) === since && opening.delete(windowId)));
}

const noPanelOpen = () => [...openPanels.values()].every((open) => open.size === 0);

export function trackPanels(): void {
  onPanelPresence((windowId, close, gone, retire) => {
    const panels = openPanels.get(windowId) ?? new Set();
    const panel = { close, retire };
    panels.add(panel);
    openPanels.set(windowId, panels);
    opening.delete(windowId);
    panelBack(windowId);
    void gone.then(() => {
      panels.delete(panel);
      setTimeout(() => {
        if (noPanelOpen()) void releaseTabs().catch(console.error);
      }, RELEASE_AFTER_MS);
    });
  });
}

/** Windows with Gloss's panel open, or opened by Gloss a moment ago and still loading. */
function windowsWithPanel(): number[] {
  const now = performance.now();
  for (const [windowId, since] of opening) if (now - since > OPENING_MS) opening.delete(windowId);
  const announced = [...openPanels].filter(([, open]) => open.size > 0).map(([windowId]) => windowId);
  return [...new Set([...announced, ...opening.keys()])];
}

/**
 * Opens the panel for the window of `tab`, with the keyboard in its composer: the user brought
 * material (a shortcut, a menu item) and types next. In Chrome an open panel reloads for that.
 */
export function openPanel(tab: Tabs.Tab): void {
  if (!hasSidePanel()) {
    openSidebar();
    return;
  }
  const windowId = tab.windowId ?? -1;
  const open = windowsWithPanel();
  // Every open panel reloads when this window's does (openSidePanelForTyping). Chromium may keep
  // an old one alive a while: retired first, it takes no material meant for its successor.
  if (open.includes(windowId)) {
    open.forEach(expectReload);
    for (const panel of [...openPanels.values()].flatMap((set) => [...set])) panel.retire();
  }
  loading(windowId, openSidePanelForTyping(windowId, open));
}

/**
 * Closes the panel if it is open in the tab's window, else opens it. Chrome only: Firefox's
 * build binds the same keys to `_execute_sidebar_action`, and Firefox toggles its sidebar.
 *
 * It opens first in either case, inside the user's action: opening an open side panel does
 * nothing, and when the panel closed a moment ago but the worker has not yet heard its port go,
 * a close alone would leave the user's click with no panel; that closer then reaches a gone
 * panel and does nothing.
 */
export function togglePanel(tab: Tabs.Tab): void {
  const panels = openPanels.get(tab.windowId ?? -1);
  if (hasSidePanel()) loading(tab.windowId ?? -1, openSidePanel(tab.windowId ?? -1));
  else openSidebar();
  // The panel closes itself: every Chrome version can, sidePanel.close() only newer ones.
  for (const panel of panels ?? []) panel.close();
}

/**
 * The toolbar button opens and closes the panel in either browser. In Chrome its click is the
 * user's action that gives Gloss the tab (`activeTab`): a PDF shown there or a screenshot of it.
 */
export function setUpToolbarButton(): void {
  if (!hasSidePanel()) {
    toggleSidebarFromToolbar();
    return;
  }
  handleToolbarButton();
  browser.action.onClicked.addListener((tab) => togglePanel(tab));
}
