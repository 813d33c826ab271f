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

/** Grants Gloss `activeTab` on `page`'s tab by a click on its toolbar button. */
export async function clickAction(browser: Browser, page: Page): Promise<void> {
  const cdp = await browser.context.browser()?.newBrowserCDPSession();
  if (!cdp) throw new Error('no browser-level DevTools session');
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
  const tab = targetInfos.find((t) => t.url === page.url());
  if (!tab) throw new Error(`no tab shows ${page.url()}`);
  await cdp.send('Extensions.triggerAction', { id: browser.extensionId, targetId: tab.targetId });
  await cdp.detach();
  // The click opened Gloss's side panel too. These tests show the panel in a tab of its own, and
  // an open side panel would take the material meant for it: close it (the access stays).
  await browser.worker.evaluate(async (url) => {
    const [tab] = await chrome.tabs.query({ url });
    const windowId = tab?.windowId ?? chrome.windows.WINDOW_ID_CURRENT;
    for (let tries = 0; tries < 100; tries++) {
      if ((await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.SIDE_PANEL] })).length > 0) {
        await chrome.sidePanel.close({ windowId });
        while (
          (await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.SIDE_PANEL] })).length > 0
        ) {
          await new Promise((r) => setTimeout(r, 50));
        }
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the toolbar click opened no side panel');
  }, page.url());
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
