import { describe, expect, test } from 'vitest';
import { clampRect, dataUrlBlob, fitWithin, toBase64 } from './image-prepare';

describe('scaling to what providers use', () => {
  test.each([
    [[3000, 2000], { width: 1568, height: 1045 }],
    [[2000, 3000], { width: 1045, height: 1568 }],
    [[800, 600], { width: 800, height: 600 }],
    [[20000, 10], { width: 1568, height: 1 }],
  ])('%j fits within 1568 px', ([w, h], want) => {
    expect(fitWithin(w!, h!)).toEqual(want);
  });
});

test('base64 is the standard alphabet, also past the slice size', () => {
  expect(toBase64(new Uint8Array([0xff, 0xd8, 0xff]))).toBe('/9j/');
  const big = new Uint8Array(100_000).map((_, i) => i % 256);
  expect(toBase64(big)).toBe(Buffer.from(big).toString('base64'));
});

describe('the part kept', () => {
  test.each([
    [
      { x: 10.4, y: 20.6, width: 100, height: 50 },
      { x: 10, y: 21, width: 100, height: 50 },
    ],
    [
      { x: -30, y: -10, width: 100, height: 50 },
      { x: 0, y: 0, width: 70, height: 40 },
    ],
    [
      { x: 1200, y: 700, width: 200, height: 200 },
      { x: 1200, y: 700, width: 80, height: 100 },
    ],
    [{ x: 1300, y: 0, width: 20, height: 20 }, null],
  ])('%j inside 1280×800 is %j', (rect, want) => {
    expect(clampRect(rect, 1280, 800)).toEqual(want);
  });
});

test('a data URL becomes its bytes with its type', async () => {
  const blob = dataUrlBlob('data:image/png;base64,iVBORw0K');
  expect(blob.type).toBe('image/png');
  expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
  expect(() => dataUrlBlob('https://example.com/a.png')).toThrow();
});
