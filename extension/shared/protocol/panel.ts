/**
 * Panel presence: which windows have Gloss's panel open, for the toggle shortcut. Each panel
 * holds a port to the worker that says which window it is in; the worker can ask it to close.
 */
import * as v from 'valibot';
import browser, { type Runtime } from 'webextension-polyfill';
import { fromOwnPage } from './sender';

export const PANEL_PORT = 'gloss.panel';
const PresenceSchema = v.object({ windowId: v.number() });
const PanelOrderSchema = v.object({ close: v.literal(true) });
/** The panel is being replaced by a fresh one (to take the keyboard): it takes nothing more. */
const RetireSchema = v.object({ retire: v.literal(true) });

/**
 * Panel side: says which window this panel is in, and closes it when the worker asks (the
 * toggle shortcut). Reconnects if the worker restarts.
 */
export function announcePanel(
  windowId: number,
  onClose: () => void,
  onRetire: () => void = () => undefined,
): () => void {
  let port: Runtime.Port | undefined;
  let stopped = false;
  const connect = () => {
    port = browser.runtime.connect({ name: PANEL_PORT });
    port.postMessage({ windowId });
    port.onMessage.addListener((raw: unknown) => {
      if (v.is(PanelOrderSchema, raw)) onClose();
      if (v.is(RetireSchema, raw)) {
        stopped = true;
        port?.disconnect();
        onRetire();
      }
    });
    port.onDisconnect.addListener(() => {
      if (!stopped) setTimeout(connect, 500);
    });
  };
  connect();
  return () => {
    stopped = true;
    port?.disconnect();
  };
}

/**
 * Worker side: called with each open panel's window and a function that closes it. A presence
 * port from anywhere but this extension's pages is closed at once.
 */
export function onPanelPresence(
  callback: (windowId: number, close: () => void, gone: Promise<void>, retire: () => void) => void,
): void {
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT) return;
    if (!fromOwnPage(port.sender)) {
      port.disconnect();
      return;
    }
    const gone = new Promise<void>((resolve) => port.onDisconnect.addListener(() => resolve()));
    port.onMessage.addListener((raw: unknown) => {
      if (v.is(PresenceSchema, raw))
        callback(
          raw.windowId,
          () => closePanel(port),
          gone,
          () => order(port, { retire: true }),
        );
    });
  });
}

/** Asks the panel on `port` to close; a panel already gone (its port closed) has nothing to close. */
function closePanel(port: Runtime.Port): void {
  order(port, { close: true });
}

function order(port: Runtime.Port, message: object): void {
  try {
    port.postMessage(message);
  } catch {
    // Chrome throws on a disconnected port: the panel closed on its own.
  }
}
