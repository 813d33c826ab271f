/**
 * Taking what the context menu or shortcut left for this window's panel, and confirming it to
 * the worker only once it is safe: shown, and (for a source) written to the kept sources that a
 * panel opening next reads back. Until then the worker holds it (`background/material/
 * hand-over.ts`) and leaves it again if no word comes. A panel reloaded just after a take used to
 * confirm before its state was rendered or kept: the page went, and the material with it.
 */
import browser, { type Storage } from 'webextension-polyfill';
import { useEffect, useRef } from 'react';
import { messageOf } from '../../shared/errors';
import { send, type Res } from '../../shared/protocol';
import { pendingContextKey } from '../../shared/attachment';
import { panelRetired } from '../usePanelPresence';

export type Taken = Res<'context.take'> | { failed: string };

/** The page is going away (closed, or reloaded): what it takes now may never be shown. */
let leaving = false;
addEventListener('pagehide', () => (leaving = true));

/** Leases of takes applied to the panel's state, not yet confirmed to the worker. */
export type Held = { current: string[] };

/**
 * Calls `arrived` with what is waiting for this window's panel, now and whenever more comes;
 * from when `ready` (the kept sources are back, so new material replaces or joins them). Each
 * take's lease joins `held`, for `useConfirmTaken` to confirm after the panel has kept it.
 */
export function useWindowPending(arrived: (r: Taken) => void, ready: boolean, held: Held): void {
  useEffect(() => {
    if (!ready) return;
    let windowId: number | undefined;
    const take = () => {
      if (windowId === undefined || panelRetired()) return;
      send('context.take', { windowId }).then(
        (r) => {
          if (r.lease) held.current.push(r.lease);
          arrived(r);
        },
        (e: unknown) => arrived({ failed: messageOf(e) }),
      );
    };
    const onChange = (changes: Record<string, Storage.StorageChange>, area: string) => {
      if (area === 'session' && windowId !== undefined && changes[pendingContextKey(windowId)]?.newValue) take();
    };
    browser.storage.onChanged.addListener(onChange);
    browser.windows.getCurrent().then(
      (win) => {
        windowId = win.id;
        take();
      },
      () => undefined,
    );
    return () => browser.storage.onChanged.removeListener(onChange);
  }, [arrived, ready, held]);
}

/**
 * After each render that applied a take (`arrivals` moved), waits for the kept sources' latest
 * write (`kept`), then confirms the takes to the worker. Call it after the kept sources' hook, so
 * that this render's write has started. A page going away confirms nothing: the worker leaves
 * the material again for the page that comes next.
 */
export function useConfirmTaken(held: Held, arrivals: number, kept: { current: Promise<unknown> }): void {
  useEffect(() => {
    if (held.current.length === 0) return;
    const leases = held.current.splice(0);
    const confirm = () => {
      if (leaving) return;
      for (const lease of leases) send('context.taken', { lease }).catch(() => undefined);
    };
    kept.current.then(confirm, confirm);
  }, [held, arrivals, kept]);
}

/** A `Held` for the life of the component. */
export function useHeld(): Held {
  return useRef<string[]>([]);
}
