import { expect, test } from 'vitest';
import { readPendingImage } from './pending-image';

test('what the panel takes from storage is checked', () => {
  const image = { mediaType: 'image/jpeg', data: '/9j/', width: 1, height: 1 };
  expect(readPendingImage({ screenshot: true })).toEqual({ screenshot: true });
  expect(readPendingImage({ image, how: 'cropped' })).toEqual({ image, how: 'cropped' });
  expect(readPendingImage({ image: { ...image, mediaType: 'text/html' }, how: 'fetched' })).toBeNull();
  expect(readPendingImage({ image, how: 'guessed' })).toBeNull();
  expect(readPendingImage('junk')).toBeNull();
});
