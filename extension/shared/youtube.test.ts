import { describe, expect, test } from 'vitest';
import { seekUrl, timestampSeconds, watchedVideo } from './youtube';

describe('watchedVideo', () => {
  test.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=x', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=a-b_c-d_e-f', 'a-b_c-d_e-f'],
  ])('%s shows video %s', (url, id) => {
    expect(watchedVideo(url)?.id).toBe(id);
  });

  test.each([
    'https://www.youtube.com/',
    'https://www.youtube.com/results?search_query=v',
    'https://www.youtube.com/watch?v=short',
    'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'not a url',
    undefined,
  ])('%s is no watch page', (url) => {
    expect(watchedVideo(url)).toBeNull();
  });
});

test('a timestamp plays the video from that moment, on its own watch address', () => {
  expect(seekUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=x&t=9s', 754)).toBe(
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=754s',
  );
  expect(seekUrl('https://example.com/watch?v=dQw4w9WgXcQ', 1)).toBeNull();
});

test.each([
  ['0:00', 0],
  ['12:34', 754],
  ['1:02:05', 3725],
  ['12:60', null],
  ['123:45', null],
  ['12', null],
])('timestamp %s is %s seconds', (stamp, seconds) => {
  expect(timestampSeconds(stamp)).toBe(seconds);
});
