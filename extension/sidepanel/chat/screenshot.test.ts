import { describe, expect, test } from 'vitest';
import { regionOf, screenshotProblem } from './screenshot';

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
