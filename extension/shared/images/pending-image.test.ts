import { expect, test } from 'vitest';
import { readPendingImage } from './pending-image';

test('what the panel takes from storage is checked', () => {
  const image = { mediaType: 'image/jpeg', data: '/9j/', width: 1, height: 1 };
  expect(readPendingImage({ screenshot: true })).toEqual({ screenshot: true });
  expect(readPendingImage({ image, how: 'cropped' })).toEqual({ image, how: 'cropped' });
  expect(readPendingImage({ error: 'No image here.' })).toEqual({ error: 'No image here.' });
});

test('nothing stored is nothing pending', () => {
  expect(readPendingImage(undefined)).toBeNull();
  expect(readPendingImage(null)).toBeNull();
});

test('damaged data says the image did not arrive, and why', () => {
  const image = { mediaType: 'image/jpeg', data: '/9j/', width: 1, height: 1 };
  for (const stored of [
    { image: { ...image, mediaType: 'text/html' }, how: 'fetched' },
    { image, how: 'guessed' },
    'junk',
  ]) {
    const read = readPendingImage(stored);
    expect(read).toEqual({ error: expect.stringMatching(/^Gloss could not bring the image into the panel: \S/) });
  }
});
