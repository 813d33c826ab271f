import { describe, expect, test } from 'vitest';
import { isArrow, nudge, regionOf, screenshotProblem } from './screenshot';

describe('the region dragged over a screenshot shown at half size', () => {
  const shown = { width: 320, height: 200 };
  const natural = { width: 640, height: 400 };
  test.each([
    ['down and right', { x: 10, y: 20 }, { x: 110, y: 70 }, { x: 20, y: 40, width: 200, height: 100 }],
    ['up and left', { x: 110, y: 70 }, { x: 10, y: 20 }, { x: 20, y: 40, width: 200, height: 100 }],
    ['past the edges', { x: -40, y: -5 }, { x: 400, y: 250 }, { x: 0, y: 0, width: 640, height: 400 }],
    ['a click', { x: 50, y: 50 }, { x: 52, y: 51 }, null],
    ['a thin line', { x: 10, y: 50 }, { x: 200, y: 54 }, null],
  ])('%s', (_, a, b, want) => {
    expect(regionOf(a, b, shown, natural)).toEqual(want);
  });
});

describe("the browser's refusals", () => {
  test.each(["Either the '<all_urls>' or 'activeTab' permission is required.", 'Missing activeTab permission'])(
    '%s says how to allow it',
    (message) => {
      expect(screenshotProblem(message)).toContain('Screenshot for Gloss');
    },
  );
  test('anything else is passed on', () => {
    expect(screenshotProblem('Cannot access contents of url "chrome://version/"')).toContain('chrome://version');
  });
});

describe('the region by keyboard, over a 1000×500 screenshot (steps of 20 and 10 px)', () => {
  const natural = { width: 1000, height: 500 };
  const middle = { x: 250, y: 125, width: 500, height: 250 };
  test('the first arrow key chooses the middle quarter', () => {
    expect(nudge(null, 'ArrowRight', false, natural)).toEqual(middle);
    expect(nudge(null, 'ArrowUp', true, natural)).toEqual(middle);
  });
  test.each([
    ['ArrowRight', false, { ...middle, x: 270 }],
    ['ArrowLeft', false, { ...middle, x: 230 }],
    ['ArrowDown', false, { ...middle, y: 135 }],
    ['ArrowUp', false, { ...middle, y: 115 }],
    ['ArrowRight', true, { ...middle, width: 520 }],
    ['ArrowLeft', true, { ...middle, width: 480 }],
    ['ArrowDown', true, { ...middle, height: 260 }],
    ['ArrowUp', true, { ...middle, height: 240 }],
  ] as const)('%s (resize: %s)', (key, resize, want) => {
    expect(nudge(middle, key, resize, natural)).toEqual(want);
  });
  test('the region stays inside the screenshot, and at least a step in size', () => {
    const corner = { x: 990, y: 0, width: 10, height: 500 };
    expect(nudge(corner, 'ArrowRight', false, natural)).toEqual(corner);
    expect(nudge(corner, 'ArrowUp', false, natural)).toEqual(corner);
    expect(nudge(corner, 'ArrowRight', true, natural)).toEqual(corner);
    expect(nudge(corner, 'ArrowDown', true, natural)).toEqual(corner);
    expect(nudge({ ...middle, width: 20 }, 'ArrowLeft', true, natural)).toEqual({ ...middle, width: 20 });
  });
  test('only the four arrows are arrows', () => {
    expect(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].every(isArrow)).toBe(true);
    expect(['Enter', 'Tab', 'a', 'toString'].some(isArrow)).toBe(false);
  });
});
