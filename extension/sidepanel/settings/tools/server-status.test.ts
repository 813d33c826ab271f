import { describe, expect, test } from 'vitest';
import type { ServerState } from '../../../shared/tools/tool-settings';
import { RECHECK_SECONDS, ServerStatus, type Clock } from './server-status';

const connecting: ServerState = { id: 's1', state: 'connecting', tools: [] };
const connected: ServerState = { id: 's1', state: 'connected', tools: [{ name: 'echo', description: '' }] };

/** A worker whose answers the test gives, one per read, and a clock the test moves. */
function setUp() {
  const reads: { refresh?: boolean }[] = [];
  const answers: ((servers: ServerState[]) => void)[] = [];
  const failures: ((e: Error) => void)[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const clock: Clock = {
    setTimeout: (run, ms) => timers.push({ run, ms, cleared: false }) - 1,
    clearTimeout: (i) => {
      const timer = timers[i as number];
      if (timer) timer.cleared = true;
    },
  };
  const status = new ServerStatus(
    (req) =>
      new Promise((resolve, reject) => {
        reads.push(req);
        answers.push((servers) => resolve({ servers }));
        failures.push(reject);
      }),
    clock,
  );
  const pending = () => timers.filter((x) => !x.cleared);
  /** Runs the one timer waiting, and returns its pause. */
  const tick = () => {
    const [timer] = pending();
    if (!timer) throw new Error('no timer waiting');
    timer.cleared = true;
    timer.run();
    return timer.ms;
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { status, reads, answers, failures, pending, tick, settle };
}

describe('the servers’ state in Settings → Tools', () => {
  test('read once when the section opens; nothing more while nothing connects', async () => {
    const { status, reads, answers, pending, settle } = setUp();
    expect(status.snapshot().states).toBeNull();
    status.load();
    answers[0]?.([connected]);
    await settle();
    expect(status.snapshot().states?.get('s1')).toEqual(connected);
    expect(reads).toEqual([{}]);
    expect(pending()).toEqual([]);
  });

  test('read again while a server connects, at growing pauses that end', async () => {
    const { status, reads, answers, tick, pending, settle } = setUp();
    status.load();
    const pauses: number[] = [];
    for (let i = 0; i <= RECHECK_SECONDS.length; i++) {
      answers[i]?.([connecting]);
      await settle();
      if (pending().length) pauses.push(tick());
    }
    expect(pauses).toEqual(RECHECK_SECONDS.map((s) => s * 1000));
    expect(reads).toHaveLength(RECHECK_SECONDS.length + 1);
    expect(pending()).toEqual([]);
  });

  test('connected at a re-read, the re-reading stops', async () => {
    const { status, answers, tick, pending, settle } = setUp();
    status.load();
    answers[0]?.([connecting]);
    await settle();
    tick();
    answers[1]?.([connected]);
    await settle();
    expect(pending()).toEqual([]);
    expect(status.snapshot().states?.get('s1')?.state).toBe('connected');
  });

  test('Refresh asks the worker to connect again, and says it is under way until it answers', async () => {
    const { status, reads, answers, settle } = setUp();
    status.load(true);
    expect(reads).toEqual([{ refresh: true }]);
    expect(status.snapshot().refreshing).toBe(true);
    answers[0]?.([connected]);
    await settle();
    expect(status.snapshot().refreshing).toBe(false);
  });

  test('only the latest read is shown; an earlier answer arriving late is dropped', async () => {
    const { status, answers, settle } = setUp();
    status.load();
    status.load();
    answers[1]?.([connected]);
    answers[0]?.([connecting]);
    await settle();
    expect(status.snapshot().states?.get('s1')?.state).toBe('connected');
  });

  test('a failed read is said, and the next good one clears it', async () => {
    const { status, answers, failures, settle } = setUp();
    status.load(true);
    failures[0]?.(new Error('worker gone'));
    await settle();
    expect(status.snapshot()).toMatchObject({ error: 'worker gone', refreshing: false, states: null });
    status.load();
    answers[1]?.([connected]);
    await settle();
    expect(status.snapshot().error).toBeNull();
  });

  test('stopped (Settings closed), it neither re-reads nor takes a late answer', async () => {
    const { status, answers, pending, settle } = setUp();
    status.load();
    answers[0]?.([connecting]);
    await settle();
    expect(pending()).toHaveLength(1);
    status.stop();
    expect(pending()).toEqual([]);
    status.load();
    status.stop();
    answers[1]?.([connected]);
    await settle();
    expect(status.snapshot().states?.get('s1')?.state).toBe('connecting');
  });
});
