/**
 * Chrome's side panel: the one Chrome-only API Gloss uses. webextension-polyfill does not know
 * `sidePanel` (Firefox has none), so it is reached through `chrome` here and nowhere else.
 */
/* eslint-disable no-restricted-syntax -- the one place Gloss reaches `chrome` */

/** Chrome's `sidePanel`, or undefined in Firefox (whose `chrome` object lacks it). */
function sidePanel(): typeof chrome.sidePanel | undefined {
  // Typed as always present, but only Chrome has it.
  return (globalThis as { chrome?: { sidePanel?: typeof chrome.sidePanel } }).chrome?.sidePanel;
}

/** True in Chrome: Gloss's panel is a side panel (and Chrome's own pages are where to set it up). */
export function hasSidePanel(): boolean {
  return sidePanel() !== undefined;
}

/** Opens the side panel in `windowId`; must run synchronously inside the user's action. */
export function openSidePanel(windowId: number): void {
  sidePanel()?.open({ windowId }).catch(console.error);
}

/**
 * The toolbar button is Gloss's to handle, not Chrome's: when Chrome opens the panel by itself
 * (`openPanelOnActionClick`) the click grants no `activeTab`, so the panel could not read the
 * tab's PDF or capture it, and the button could only open. Set on every start, since Chrome keeps
 * the behaviour an earlier version set.
 */
export function handleToolbarButton(): void {
  sidePanel()?.setPanelBehavior({ openPanelOnActionClick: false }).catch(console.error);
}
