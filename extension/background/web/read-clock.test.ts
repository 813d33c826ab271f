import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { abortable, ReadClock } from './read-clock';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ReadClock', () => {
  test('the caller stopping ends the read at once', () => {
    const stop = new AbortController();
    const clock = new ReadClock(stop.signal, 1000, 5000);
    stop.abort();
    expect(clock.signal.aborted).toBe(true);
    expect(clock.why).toBe('stopped');
  });

  test('a signal already aborted ends it before it starts', () => {
    const stop = new AbortController();
    stop.abort();
    expect(new ReadClock(stop.signal, 1000, 5000).why).toBe('stopped');
  });

  test('silence longer than idleMs ends it; each piece that arrives gives the server more time', () => {
    const clock = new ReadClock(new AbortController().signal, 1000, 60_000);
    vi.advanceTimersByTime(900);
    clock.tick();
    vi.advanceTimersByTime(900);
    expect(clock.why).toBeUndefined();
    vi.advanceTimersByTime(200);
    expect(clock.why).toBe('idle');
    expect(clock.signal.aborted).toBe(true);
  });

  test('a server that keeps sending is still stopped at the total', () => {
    const clock = new ReadClock(new AbortController().signal, 1000, 5000);
    for (let i = 0; i < 9; i++) {
      vi.advanceTimersByTime(500);
      clock.tick();
    }
    expect(clock.why).toBeUndefined();
    vi.advanceTimersByTime(600);
    expect(clock.why).toBe('total');
  });

  test('parsing is not silence: after stopIdle only the total counts', () => {
    const clock = new ReadClock(new AbortController().signal, 1000, 5000);
    clock.stopIdle();
    vi.advanceTimersByTime(4000);
    expect(clock.why).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(clock.why).toBe('total');
  });

  test('once ended, no timer fires', () => {
    const clock = new ReadClock(new AbortController().signal, 1000, 5000);
    clock.end();
    vi.advanceTimersByTime(10_000);
    expect(clock.why).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('abortable', () => {
  test('gives the work’s result', async () => {
    await expect(abortable(Promise.resolve(3), new AbortController().signal)).resolves.toBe(3);
  });

  test('rejects when the signal aborts, without waiting for the work', async () => {
    const stop = new AbortController();
    const waiting = abortable(new Promise(() => undefined), stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });
});
