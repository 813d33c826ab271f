/**
 * Who may talk to the worker: Gloss's own extension pages (the side panel, Firefox's sidebar, or
 * the panel page opened in a tab), nothing else. `sender.id` is Gloss's also for Gloss's scripts
 * injected into web pages, and a hostile page whose renderer is compromised after an injection
 * could then ask for the settings, a provider test against its own URL (which carries the key),
 * or the whole history. Those scripts report the web page's URL as `sender.url`, so the URL
 * decides. (`sender.tab` does not: an extension page opened in a tab has one too.) The page
 * reader and the selection reader send nothing: they return their result through
 * `scripting.executeScript`, so no injected script needs any message.
 */
import browser from 'webextension-polyfill';

/** The parts of a message or port sender the check reads. */
export interface SenderInfo {
  id?: string;
  url?: string;
}

/**
 * True if `sender` is one of this extension's own pages: its id is `ownId` and its URL lies
 * inside `ownBase`, the extension's root URL (`runtime.getURL('')`, which ends in a slash).
 */
export function isOwnExtensionPage(sender: SenderInfo | undefined, ownId: string, ownBase: string): boolean {
  if (!sender?.url || sender.id !== ownId) return false;
  let url: URL, base: URL;
  try {
    url = new URL(sender.url);
    base = new URL(ownBase);
  } catch {
    return false;
  }
  // Scheme and host, not `origin`: Node's URL gives extension schemes an opaque "null" origin.
  return url.protocol === base.protocol && url.host === base.host && url.host !== '';
}

/** `isOwnExtensionPage` for this extension, in the worker. */
export function fromOwnPage(sender: SenderInfo | undefined): boolean {
  return isOwnExtensionPage(sender, browser.runtime.id, browser.runtime.getURL(''));
}
