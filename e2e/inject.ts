/**
 * Runs a function as a Gloss script injected into a web page (the extension's isolated world,
 * where `chrome.runtime` is Gloss's), as the page reader runs. Gloss has host access only through
 * `activeTab`, so the toolbar action is clicked first through DevTools' `Extensions.triggerAction`
 * (which needs Chromium started with `INJECT_ARGS`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { Browser } from './browser';

export const INJECT_ARGS = ['--enable-unsafe-extension-debugging'];

/**
 * Grants Gloss `activeTab` on `page`'s tab by a click on its toolbar button. A click that comes
 * within moments of the browser's start can reach Chrome before it knows of the worker's click
 * listener, and opens nothing (seen in half the runs of sender's first test): then it clicks
 * again, as a user would.
 */
export async function clickAction(browser: Browser, page: Page): Promise<void> {
  const cdp = await browser.context.browser()?.newBrowserCDPSession();
  if (!cdp) throw new Error('no browser-level DevTools session');
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
  const tab = targetInfos.find((t) => t.url === page.url());
  if (!tab) throw new Error(`no tab shows ${page.url()}`);
  for (let click = 1; ; click++) {
    await cdp.send('Extensions.triggerAction', { id: browser.extensionId, targetId: tab.targetId });
    if (await closeSidePanel(browser, page.url())) break;
    if (click === 3) throw new Error('three clicks on the toolbar button opened no side panel');
  }
  await cdp.detach();
}

/**
 * Waits up to 3 s for the side panel a click opened, and closes it: these tests show the panel
 * in a tab of its own, and an open side panel would take the material meant for it (the access
 * stays). False if none opened.
 */
function closeSidePanel(browser: Browser, url: string): Promise<boolean> {
  return browser.worker.evaluate(async (url) => {
    const [tab] = await chrome.tabs.query({ url });
    const windowId = tab?.windowId ?? chrome.windows.WINDOW_ID_CURRENT;
    const open = async () =>
      (await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.SIDE_PANEL] })).length > 0;
    for (let tries = 0; tries < 60; tries++) {
      if (await open()) {
        await chrome.sidePanel.close({ windowId });
        while (await open()) await new Promise((r) => setTimeout(r, 50));
        return true;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }, url);
}

/**
 * Injects `func` into `page` as Gloss (through the worker's `scripting.executeScript`) and returns
 * its result. `func` must be self-contained: it travels as source text.
 */
export async function runAsInjected<A, R>(browser: Browser, page: Page, func: (arg: A) => R, arg: A): Promise<R> {
  await clickAction(browser, page);
  // An expression, because Playwright cannot pass a function into the worker (and the worker's
  // CSP forbids building one there); DevTools evaluates it outside that CSP.
  const expression = `(async () => {
    const [tab] = await chrome.tabs.query({ url: ${JSON.stringify(page.url())} });
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: tab.id },
      func: ${func.toString()},
      args: [${JSON.stringify(arg)}],
    });
    return result.result;
  })()`;
  return browser.worker.evaluate<R>(expression);
}

/** Serves `html` on a local address, as a web page to inject into. */
export async function servePage(html: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`, close: () => server.close() };
}
