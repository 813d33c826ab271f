/**
 * The toggle (toolbar button and shortcut in Chrome): the user's click always ends with what they
 * asked for, even when the worker's list of open panels lags behind a panel that just closed.
 * Chrome's side panel and the presence ports are faked.
 */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { Tabs } from 'webextension-polyfill';

type Presence = (windowId: number, close: () => void, gone: Promise<void>, retire: () => void) => void;
const fake = vi.hoisted(() => ({
  presence: undefined as Presence | undefined,
  opened: [] as number[],
  /** Whether the browser opens the panels asked for. */
  opens: true,
  forTyping: [] as [number, number[]][],
  released: 0,
}));
vi.mock('./settings/host-access', () => ({
  releaseTabs: async () => {
    fake.released++;
  },
}));
vi.mock('../shared/protocol', () => ({ onPanelPresence: (callback: Presence) => (fake.presence = callback) }));
vi.mock('../shared/chrome-side-panel', () => ({
  hasSidePanel: () => true,
  openSidePanel: (windowId: number) => {
    fake.opened.push(windowId);
    return Promise.resolve(fake.opens);
  },
  openSidePanelForTyping: (windowId: number, openIn: number[]) => {
    fake.forTyping.push([windowId, openIn]);
    return Promise.resolve(fake.opens);
  },
}));

const { openPanel, panelReady, togglePanel, trackPanels } = await import('./panel');
trackPanels();

/** A panel announcing itself in `windowId`; `leave` is its port closing. */
function announce(windowId: number): { closes: number; retired: number; leave: () => Promise<void> } {
  const panel = { closes: 0, retired: 0, leave: async () => undefined };
  let leave = () => {};
  const gone = new Promise<void>((resolve) => (leave = resolve));
  fake.presence?.(
    windowId,
    () => panel.closes++,
    gone,
    () => panel.retired++,
  );
  panel.leave = async () => {
    leave();
    await gone;
  };
  return panel;
}

const tab = (windowId: number) => ({ windowId }) as Tabs.Tab;

describe('togglePanel', () => {
  beforeEach(() => (fake.opened = []));

  test('with no panel in the window, opens one there', async () => {
    togglePanel(tab(1));
    expect(fake.opened).toEqual([1]);
    await announce(1).leave();
  });

  test('with a panel open, asks it to close (opening an open side panel changes nothing)', async () => {
    const panel = announce(2);
    togglePanel(tab(2));
    expect(panel.closes).toBe(1);
    await panel.leave();
    togglePanel(tab(2));
    expect(panel.closes).toBe(1);
    expect(fake.opened).toEqual([2, 2]);
    await announce(2).leave();
  });

  test('a panel that closed before its port said so still lets the click open a panel', async () => {
    const panel = announce(3);
    // The user closed it with Chrome's own button; the port's news has not arrived yet.
    togglePanel(tab(3));
    expect(fake.opened).toEqual([3]);
    await panel.leave();
  });

  test('closes only the panel in the tab’s window', async () => {
    const mine = announce(4);
    const other = announce(5);
    togglePanel(tab(4));
    expect([mine.closes, other.closes]).toEqual([1, 0]);
    await Promise.all([mine.leave(), other.leave()]);
  });
});

describe('openPanel (material arrived: the user types next)', () => {
  test('opens for typing, knowing which windows have a panel open to reopen', async () => {
    fake.forTyping = [];
    const mine = announce(11);
    const other = announce(12);
    openPanel(tab(11));
    openPanel(tab(13));
    expect(fake.forTyping).toEqual([
      [11, [11, 12]],
      [13, [11, 12]],
    ]);
    // Reopening window 11's panel reloads every open one: each is retired first; a fresh open retires none.
    expect([mine.retired, other.retired]).toEqual([1, 1]);
    await Promise.all([mine.leave(), other.leave(), announce(13).leave()]);
  });
});

describe('a panel Gloss opened that has not said so yet (it is still loading)', () => {
  beforeEach(() => {
    fake.forTyping = [];
    fake.opens = true;
  });

  test('is reopened with the others when material arrives in another window', async () => {
    const mine = announce(41);
    togglePanel(tab(42));
    openPanel(tab(41));
    expect(fake.forTyping).toEqual([[41, [41, 42]]]);
    const fresh = announce(42);
    await Promise.all([mine.leave(), fresh.leave()]);
  });

  test('counts as open only while it could still be loading, and not when it failed to open', async () => {
    vi.useFakeTimers();
    const mine = announce(43);
    togglePanel(tab(44));
    await vi.advanceTimersByTimeAsync(6_000);
    fake.opens = false;
    togglePanel(tab(45));
    await vi.advanceTimersByTimeAsync(0);
    openPanel(tab(43));
    expect(fake.forTyping).toEqual([[43, [43]]]);
    await mine.leave();
    vi.useRealTimers();
  });
});

describe('material for a panel that reloads to take the keyboard', () => {
  test('waits until the new panel is there (the old one would take it and go)', async () => {
    const old = announce(21);
    openPanel(tab(21));
    let ready = false;
    void panelReady(21).then(() => (ready = true));
    await old.leave();
    await Promise.resolve();
    expect(ready).toBe(false);
    const fresh = announce(21);
    await Promise.resolve();
    expect(ready).toBe(true);
    await fresh.leave();
  });

  test('goes at once to a panel that opens fresh, and after a while to one that never came back', async () => {
    vi.useFakeTimers();
    let fresh = false;
    openPanel(tab(22));
    void panelReady(22).then(() => (fresh = true));
    await Promise.resolve();
    expect(fresh).toBe(true);
    const old = announce(23);
    openPanel(tab(23));
    let late = false;
    void panelReady(23).then(() => (late = true));
    await old.leave();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(late).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(late).toBe(true);
    vi.useRealTimers();
  });
});

describe('the list of tabs', () => {
  test('is given back a few seconds after the last open panel closes, not before', async () => {
    vi.useFakeTimers();
    const first = announce(7);
    const second = announce(8);
    await vi.runAllTimersAsync();
    const before = fake.released;
    await first.leave();
    await vi.runAllTimersAsync();
    expect(fake.released).toBe(before);
    await second.leave();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.released).toBe(before);
    await vi.runAllTimersAsync();
    expect(fake.released).toBe(before + 1);
    vi.useRealTimers();
  });

  test('is kept when a panel reopens (to take the keyboard) within moments', async () => {
    vi.useFakeTimers();
    const before = fake.released;
    const old = announce(9);
    await old.leave();
    await vi.advanceTimersByTimeAsync(300);
    const fresh = announce(9);
    await vi.runAllTimersAsync();
    expect(fake.released).toBe(before);
    await fresh.leave();
    await vi.runAllTimersAsync();
    expect(fake.released).toBe(before + 1);
    vi.useRealTimers();
  });
});
