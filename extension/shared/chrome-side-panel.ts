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

/**
 * Opens the side panel in `windowId`; must run synchronously inside the user's action. Resolves
 * to whether the browser opened it.
 */
export function openSidePanel(windowId: number): Promise<boolean> {
  const opening = sidePanel()?.open({ windowId });
  if (!opening) return Promise.resolve(false);
  return opening.then(
    () => true,
    (e: unknown) => {
      console.error(e);
      return false;
    },
  );
}

/**
 * Opens the side panel in `windowId` with the keyboard in it; must run synchronously inside the
 * user's action. Chromium gives a side panel the keyboard only when it shows a fresh entry (it
 * skips focus when the panel had one: w3c/webextensions#693), so `focus()` inside an open panel
 * leaves the keys on the page. Disabling and enabling the panel makes its entry new: the panel
 * reloads (its draft, sources and a live answer are all kept outside the page) and Chromium gives
 * it the keyboard. Disabling closes it in every window, so the others in `openIn` open again,
 * before this one, which then keeps the keyboard.
 */
export function openSidePanelForTyping(windowId: number, openIn: readonly number[]): Promise<boolean> {
  const panel = sidePanel();
  if (!panel) return Promise.resolve(false);
  if (openIn.includes(windowId)) {
    // Each call goes to the browser in order, so open() finds the panel enabled again.
    panel.setOptions({ enabled: false }).catch(console.error);
    panel.setOptions({ enabled: true }).catch(console.error);
    for (const other of openIn) if (other !== windowId) void openSidePanel(other);
  }
  return openSidePanel(windowId);
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
