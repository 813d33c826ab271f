import { describe, expect, test } from 'vitest';
import { FRAME_WAIT_MS, IdleQueue, SLICE_MS } from './idle-queue';

/** Idle periods run by the test, each with `budget` jobs' worth of time; `clock` is the time now. */
function idle() {
  const clock = { ms: 0 };
  const periods: ((deadline: { timeRemaining: () => number }) => void)[] = [];
  const period = (budget: number) => {
    let left = budget;
    periods.shift()?.({ timeRemaining: () => --left });
  };
  /** How long each request for idle time asked to wait first. */
  const waits: number[] = [];
  const request = (run: (typeof periods)[number], waitMs: number) => {
    waits.push(waitMs);
    periods.push(run);
  };
  return { scheduler: { request, now: () => clock.ms }, period, periods, clock, waits };
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

  test('the frames of a streaming answer take the jobs, so their changes join frames drawn anyway', () => {
    const fake = idle();
    const queue = new IdleQueue(fake.scheduler);
    const done: number[] = [];
    const job = (i: number) => () => {
      done.push(i);
      fake.clock.ms += SLICE_MS / 2.5;
    };
    // No frame has taken jobs: idle time is asked for at once (an answer opened from history).
    queue.push(job(0));
    expect(fake.waits).toEqual([0]);
    queue.runInFrame();
    expect(done).toEqual([0]);
    for (let i = 1; i < 6; i++) queue.push(job(i));
    queue.runInFrame(); // a frame's slice of time
    expect(done).toEqual([0, 1, 2, 3]);
    fake.period(0); // the request made before any frame: one job, each job runs once
    expect(done).toEqual([0, 1, 2, 3, 4]);
    // Frames come: what is left waits for the next one, idle time only in case none comes.
    expect(fake.waits).toEqual([0, FRAME_WAIT_MS]);
    fake.period(100); // none came (the answer ended): idle time runs the rest
    expect(done).toEqual([0, 1, 2, 3, 4, 5]);
    fake.clock.ms += FRAME_WAIT_MS;
    queue.push(job(6)); // frames stopped coming: at once again
    expect(fake.waits).toEqual([0, FRAME_WAIT_MS, 0]);
  });

  test('when the streaming answer ends, what waits for its frames asks for idle time at once', () => {
    const fake = idle();
    const queue = new IdleQueue(fake.scheduler);
    const done: number[] = [];
    queue.runInFrame(); // the answer's last frame
    queue.push(() => done.push(1)); // its last block's highlighting, back from the highlighter
    expect(fake.waits).toEqual([FRAME_WAIT_MS]);
    queue.framesEnded();
    expect(fake.waits).toEqual([FRAME_WAIT_MS, 0]);
    fake.period(0); // the first request, made for FRAME_WAIT_MS on: it no longer counts
    expect(done).toEqual([]);
    fake.period(0);
    expect(done).toEqual([1]);
    expect(fake.periods).toHaveLength(0);
  });
});
