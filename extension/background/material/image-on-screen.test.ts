import { expect, test } from 'vitest';
import { imageScale } from './image-on-screen';

test.each([
  // One device pixel per CSS pixel; a 2× screen; a page zoomed to 50 % (fewer CSS pixels wide).
  [880, { x: 16, y: 60, width: 300, height: 200 }],
  [1760, { x: 32, y: 120, width: 600, height: 400 }],
  [440, { x: 8, y: 30, width: 150, height: 100 }],
])('an image on screen in a screenshot %i pixels wide', (shotWidth, want) => {
  expect(imageScale({ x: 16, y: 60, width: 300, height: 200, viewWidth: 880 }, shotWidth)).toEqual(want);
});
