import { describe, expect, test } from 'vitest';
import { IdleQueue, SLICE_MS } from './idle-queue';

/** Idle periods run by the test, each with `budget` jobs' worth of time; `clock` is the time now. */
function idle() {
  const clock = { ms: 0 };
  const periods: ((deadline: { timeRemaining: () => number }) => void)[] = [];
  const period = (budget: number) => {
    let left = budget;
    periods.shift()?.({ timeRemaining: () => --left });
  };
  const request = (run: (typeof periods)[number]) => periods.push(run);
  return { scheduler: { request, now: () => clock.ms }, period, periods, clock };
}

describe('work left for idle time', () => {
  test('runs in order, as much per idle period as it allows, and the rest in the next', () => {
    const fake = idle();
    const queue = new IdleQueue(fake.scheduler);
    const done: number[] = [];
    for (let i = 0; i < 5; i++) queue.push(() => done.push(i));
    expect(done).toEqual([]);
    expect(fake.periods).toHaveLength(1);
    fake.period(2);
    expect(done).toEqual([0, 1]);
    fake.period(0); // no time left at all: still one job, so work always advances
    expect(done).toEqual([0, 1, 2]);
    fake.period(10);
    expect(done).toEqual([0, 1, 2, 3, 4]);
    expect(fake.periods).toHaveLength(0);
  });

  test('a job that fails does not stop the ones after it', () => {
    const fake = idle();
    const queue = new IdleQueue(fake.scheduler);
    const done: string[] = [];
    queue.push(() => {
      throw new Error('bad block');
    });
    queue.push(() => done.push('next'));
    fake.period(5);
    expect(done).toEqual(['next']);
  });

  test('a turn runs jobs for a slice of time, however much idle time the browser offers', () => {
    const fake = idle();
    const queue = new IdleQueue(fake.scheduler);
    const done: number[] = [];
    const step = SLICE_MS / 2.5;
    for (let i = 0; i < 6; i++) {
      queue.push(() => {
        done.push(i);
        fake.clock.ms += step;
      });
    }
    fake.period(100);
    expect(done).toEqual([0, 1, 2]);
    fake.period(100);
    expect(done).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
