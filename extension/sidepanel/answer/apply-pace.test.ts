/** When an answer's patches go in: as they arrive, or together in the next frame. */
import { describe, expect, test } from 'vitest';
import { ApplyPace } from './apply-pace';

/** A pace with frames run by the test; `applied` counts the patches' going in. */
function setup(hidden = false) {
  const queued = new Map<number, () => void>();
  let time = 0;
  let id = 0;
  let applied = 0;
  const pace = new ApplyPace(
    {
      request: (cb) => {
        queued.set(++id, cb);
        return id;
      },
      cancel: (n) => queued.delete(n),
      now: () => time,
    },
    () => hidden,
  );
  const apply = () => {
    pace.applying();
    applied++;
  };
  const frame = () => {
    time += 16;
    const due = [...queued.values()];
    queued.clear();
    due.forEach((cb) => cb());
  };
  return { pace, apply, frame, queued, applied: () => applied };
}

describe('putting patches in', () => {
  test('one patch a frame, as while an answer streams, goes in as it arrives', () => {
    const { pace, apply, frame, queued, applied } = setup();
    for (let i = 1; i <= 3; i++) {
      pace.arrived(apply);
      expect(applied()).toBe(i);
      expect(queued.size).toBe(0);
      frame();
    }
  });

  test('patches after the first in one frame wait for the next, and go in together', () => {
    const { pace, apply, frame, queued, applied } = setup();
    pace.arrived(apply);
    for (let i = 0; i < 5; i++) pace.arrived(apply);
    expect(applied()).toBe(1);
    expect(queued.size).toBe(1);
    frame();
    expect(applied()).toBe(2);
    // In the frame they went in, the next waits again; a frame with none lets the next go at once.
    pace.arrived(apply);
    expect(applied()).toBe(2);
    frame();
    expect(applied()).toBe(3);
    frame();
    pace.arrived(apply);
    expect(applied()).toBe(4);
  });

  test('patches put in directly (an answer’s end) take the waiting frame’s place', () => {
    const { pace, apply, frame, queued, applied } = setup();
    pace.arrived(apply);
    pace.arrived(apply);
    apply();
    expect(queued.size).toBe(0);
    frame();
    expect(applied()).toBe(2);
  });

  test('a hidden panel, which draws no frames, takes every patch at once', () => {
    const { pace, apply, queued, applied } = setup(true);
    for (let i = 0; i < 3; i++) pace.arrived(apply);
    expect(applied()).toBe(3);
    expect(queued.size).toBe(0);
  });
});
