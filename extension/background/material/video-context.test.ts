/**
 * Reading a video's captions with the tab's fetches faked: the page and track answers are the
 * core's fixtures (crates/gloss-core/tests/fixtures/youtube, in YouTube's shapes), so what is
 * tested here is the worker's part: which addresses it asks the tab for, and a plain message
 * for each way it can go wrong.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { loadCore } from '../test-support';

const site = vi.hoisted(() => ({ answers: new Map<string, string>(), asked: [] as string[], silent: '' }));
vi.mock('webextension-polyfill', () => ({
  default: {
    i18n: { getUILanguage: () => 'en-US', getMessage: () => '' },
    scripting: {
      executeScript: async ({ args }: { args: [string] }) => {
        site.asked.push(args[0]);
        // What fetchText reports when the site took the request and never answered.
        if (args[0] === site.silent) return [{ result: { ok: false, why: 'signal timed out', timedOut: true } }];
        const text = site.answers.get(args[0]);
        return [{ result: text === undefined ? { ok: false, why: 'HTTP 404' } : { ok: true, text } }];
      },
    },
  },
}));

const { readVideo } = await import('./video-context');

const fixture = (name: string) =>
  readFileSync(new URL(`../../../crates/gloss-core/tests/fixtures/youtube/${name}`, import.meta.url), 'utf8');
const WATCH = 'https://www.youtube.com/watch?v=abcdefghijk';
const ENGLISH =
  'https://www.youtube.com/api/timedtext?v=abcdefghijk&ei=Xy&hl=en&expire=1763920000&key=yt8&lang=en&fmt=json3';
const tab = {
  id: 7,
  url: `${WATCH}&list=PL1&t=30s`,
  index: 0,
  highlighted: true,
  active: true,
  pinned: false,
  incognito: false,
};

beforeAll(loadCore);
beforeEach(() => {
  site.answers = new Map([
    [WATCH, fixture('watch.html')],
    [ENGLISH, fixture('manual.json3')],
  ]);
  site.asked = [];
  site.silent = '';
});

test("the video's page is fetched afresh and its track in the user's language becomes the transcript", async () => {
  expect(await readVideo(tab, 'Summarize this page.')).toEqual({
    attachment: {
      kind: 'transcript',
      title: 'Sharpening a chisel; the "};" way',
      url: WATCH,
      text: 'Captions used: English\n\n[0:00] Guten Tag und willkommen.\n[0:02] Heute: ein Meißel & <Öl>\n',
    },
    question: 'Summarize this video.',
  });
  expect(site.asked).toEqual([WATCH, ENGLISH]);
});

test.each([
  [
    'no captions',
    () => site.answers.set(WATCH, fixture('watch.html').replace(/"captions":.*?"videoDetails"/s, '"videoDetails"')),
    'This video has no captions',
  ],
  [
    'a changed page',
    () => site.answers.set(WATCH, '<html>window.ytplayer = {}</html>'),
    'not in the shape Gloss knows (no ytInitialPlayerResponse',
  ],
  [
    'another video in the page',
    () => site.answers.set(WATCH, fixture('watch.html').replace('"videoId":"abcdefghijk"', '"videoId":"zzzzzzzzzzz"')),
    'the page is about zzzzzzzzzzz',
  ],
  [
    'a changed track',
    () => site.answers.set(ENGLISH, '{"body":[]}'),
    'not in the shape Gloss knows (no "events" list)',
  ],
  [
    'an empty track',
    () => site.answers.set(ENGLISH, ''),
    'YouTube sent no caption text for this video (track: English)',
  ],
  [
    'a site that stops answering',
    () => (site.silent = ENGLISH),
    'could not load this video’s captions from YouTube (YouTube did not answer within 20 s)',
  ],
  [
    'a failed download',
    () => site.answers.delete(ENGLISH),
    'could not load this video’s captions from YouTube (HTTP 404)',
  ],
])('%s says so', async (_, arrange, says) => {
  arrange();
  const got = await readVideo(tab);
  expect(got).toEqual({ error: expect.stringContaining(says) });
});

test('a caption address on another site is not fetched', async () => {
  site.answers.set(
    WATCH,
    fixture('watch.html').replaceAll('https://www.youtube.com/api/timedtext', 'https://evil.example/api/timedtext'),
  );
  expect(await readVideo(tab)).toEqual({ error: expect.stringContaining('captions on another site') });
  expect(site.asked).toEqual([WATCH]);
});
