import { describe, expect, test } from 'vitest';
import { IdleQueue } from './idle-queue';

/** Idle periods run by the test, each with `budget` jobs' worth of time. */
function idle() {
  const periods: ((deadline: { timeRemaining: () => number }) => void)[] = [];
  const period = (budget: number) => {
    let left = budget;
    periods.shift()?.({ timeRemaining: () => --left });
  };
  return { scheduler: { request: (run: (typeof periods)[number]) => periods.push(run) }, period, periods };
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
});
