/**
 * Opening Gloss's panel in either browser: Chrome's side panel, Firefox's sidebar. Both must be
 * called synchronously inside the user's action (click, menu, shortcut), before any await.
 */
interface FirefoxSidebar {
  open(): Promise<void>;
  toggle(): Promise<void>;
}

function firefoxSidebar(): FirefoxSidebar | undefined {
  return (globalThis as { browser?: { sidebarAction?: FirefoxSidebar } }).browser?.sidebarAction;
}

/** Opens the panel for the window of `tab`. */
export function openPanel(tab: chrome.tabs.Tab): void {
  // Typed as always present, but Firefox has no sidePanel API.
  if ('sidePanel' in chrome) {
    chrome.sidePanel.open({ windowId: tab.windowId }).catch(console.error);
  } else {
    firefoxSidebar()?.open().catch(console.error);
  }
}

/** Chrome opens the side panel from the toolbar button; Firefox toggles its sidebar. */
export function setUpToolbarButton(): void {
  if ('sidePanel' in chrome) {
    chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(console.error);
    return;
  }
  const sidebar = firefoxSidebar();
  if (sidebar) chrome.action.onClicked.addListener(() => void sidebar.toggle());
}
