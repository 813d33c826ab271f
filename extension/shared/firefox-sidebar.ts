/**
 * Firefox's sidebar: the one Firefox-only API Gloss uses (`sidebarAction`). Chrome has no such
 * namespace, so every call checks that it is there.
 */
import browser from 'webextension-polyfill';

/** Firefox's `sidebarAction`, or undefined in Chrome. */
function sidebarAction(): typeof browser.sidebarAction | undefined {
  // Typed as always present, but only Firefox has it.
  return browser.sidebarAction;
}

/** Opens the sidebar; must run synchronously inside the user's action. */
export function openSidebar(): void {
  sidebarAction()?.open().catch(console.error);
}

/** The toolbar button toggles the sidebar (Firefox opens it from the button only when asked). */
export function toggleSidebarFromToolbar(): void {
  const sidebar = sidebarAction();
  if (sidebar) browser.action.onClicked.addListener(() => void sidebar.toggle());
}
