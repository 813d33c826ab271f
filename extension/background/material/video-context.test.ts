/**
 * Reading a video's captions with the tab's fetches faked: the page and track answers are the
 * core's fixtures (crates/gloss-core/tests/fixtures/youtube, in YouTube's shapes), so what is
 * tested here is the worker's part: which addresses it asks the tab for, and a plain message
 * for each way it can go wrong.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { loadCore } from '../test-support';

const site = vi.hoisted(() => ({
  answers: new Map<string, string>(),
  asked: [] as string[],
  silent: '',
  /** The player endpoint's answers by address: status and body. */
  posts: new Map<string, { status: number; text: string }>(),
  posted: [] as { url: string; body: string }[],
  /** The lines of the page's transcript panel, when the user opened it. */
  panel: [] as string[],
}));
vi.mock('webextension-polyfill', () => ({
  default: {
    i18n: { getUILanguage: () => 'en-US', getMessage: () => '' },
    scripting: {
      // The tab's injected functions, by name: fetchText, postText, transcriptPanelLines.
      executeScript: async ({ func, args }: { func: { name: string }; args: [string, unknown, string] }) => {
        if (func.name === 'transcriptPanelLines') return [{ result: site.panel }];
        if (func.name === 'postText') {
          site.posted.push({ url: args[0], body: args[2] });
          const answer = site.posts.get(args[0].split('?')[0] ?? '');
          return [{ result: answer ? { ok: true, ...answer } : { ok: true, status: 404, text: 'Not Found' } }];
        }
        site.asked.push(args[0]);
        // What fetchText reports when the site took the request and never answered.
        if (args[0] === site.silent) return [{ result: { ok: false, why: 'signal timed out', timedOut: true } }];
        const text = site.answers.get(args[0]);
        return [{ result: text === undefined ? { ok: false, why: 'HTTP 404', status: 404 } : { ok: true, text } }];
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
  site.posts = new Map();
  site.posted = [];
  site.panel = [];
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

describe('as YouTube serves captions now (its web player’s addresses gated)', () => {
  const PLAYER = 'https://www.youtube.com/youtubei/v1/player';
  // The page's own tracks carry exp=xpe: without the player's token they answer empty.
  const gatedPage = () =>
    fixture('watch.html').replaceAll('\\u0026key=yt8', '\\u0026exp=xpe\\u0026key=yt8') + fixture('watch-ytcfg.html');
  const android = JSON.parse(fixture('player-android.json')) as {
    captions: { playerCaptionsTracklistRenderer: { captionTracks: { baseUrl: string; languageCode: string }[] } };
  };
  const englishTrack = android.captions.playerCaptionsTracklistRenderer.captionTracks
    .find((t) => t.languageCode === 'en')
    ?.baseUrl.replace('&fmt=srv3', '');
  beforeEach(() => site.answers.set(WATCH, gatedPage()));

  test('the player endpoint, asked as ANDROID without cookies, gives the track; no gated address is asked', async () => {
    site.posts.set(PLAYER, { status: 200, text: fixture('player-android.json') });
    site.answers.set(englishTrack ?? '', fixture('track-classic.xml'));
    const got = await readVideo(tab);
    expect(got).toMatchObject({ attachment: { kind: 'transcript', title: 'Sharpening a chisel; the "};" way' } });
    const text = 'attachment' in got ? got.attachment.text : '';
    expect(text).toContain('[0:00] It\'s the "flat" side\n');
    expect(site.posted).toEqual([
      {
        url: expect.stringContaining(`${PLAYER}?key=test-key-innertube`),
        body: expect.stringContaining('"clientName":"ANDROID"'),
      },
    ]);
    expect(site.asked).toEqual([WATCH, englishTrack]);
  });

  test.each([
    ['a sign-in asked for', fixture('player-login-required.json'), 200, 'asks to sign in'],
    [
      'a refused player endpoint and a gated page',
      fixture('player-400-precondition.json'),
      400,
      'only to its own player',
    ],
    ['a video that does not play', fixture('player-unavailable.json'), 200, '“Video unavailable”'],
  ])('%s says so, never "no captions"', async (_, body, status, says) => {
    site.posts.set(PLAYER, { status, text: body });
    const got = await readVideo(tab);
    expect(got).toEqual({ error: expect.stringContaining(says) });
    expect(site.asked).toEqual([WATCH]);
  });

  test('with every address closed, the transcript panel open on the page is read', async () => {
    site.posts.set(PLAYER, { status: 400, text: fixture('player-400-precondition.json') });
    site.panel = ['[0:05] Hone the back first.', '[1:02:03] Done.'];
    expect(await readVideo(tab)).toMatchObject({
      attachment: {
        text: 'Captions used: YouTube’s transcript panel\n\n[0:05] Hone the back first.\n[1:02:03] Done.\n',
      },
    });
  });
});
