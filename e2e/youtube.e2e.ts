/**
 * YouTube videos in real Chromium (issue 15): a YouTube-shaped watch page served as
 * https://www.youtube.com itself (e2e/https-server: a local server and a self-signed
 * certificate, so Gloss's own recognition of the address is what runs), asked about with the
 * real shortcut (headed). The model receives the current video's captions with timestamps, also
 * after the page changed videos in place as YouTube does; a video without captions says so.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHISEL, PLANE, youtubeAnswers, type FakeVideo } from './fixtures/youtube';
import { startHeaded, type Headed } from './headed';
import { serveHttps, type HttpsSite } from './https-server';
import { sseChunks } from './sse';

const FIRST = CHISEL;
const SECOND = PLANE;
const SILENT: FakeVideo = { id: 'cccccccccc3', title: 'Ambient rain, 10 hours', tracks: [] };
const honing = {
  language: 'en',
  name: 'English',
  auto: false,
  lines: [[5000, "It's the green compound."]] as [number, string][],
};
/** Its player endpoint refuses every client, and the web player's caption address is gated. */
const GATED: FakeVideo = { id: 'dddddddddd4', title: 'Strop compound test', player: 'refused', tracks: [honing] };
/** The same, with YouTube's transcript panel open on the page. */
const PANEL: FakeVideo = { ...GATED, id: 'eeeeeeeeee5', transcriptPanel: true };
const BOT: FakeVideo = { id: 'ffffffffff6', title: 'Saw sharpening', player: 'login', tracks: [honing] };
const BUSY: FakeVideo = { id: 'gggggggggg7', title: 'Mortise jig', rateLimited: true, tracks: [honing] };
const VIDEOS = [FIRST, SECOND, SILENT, GATED, PANEL, BOT, BUSY];

let site: HttpsSite;
let h: Headed;

beforeAll(async () => {
  site = await serveHttps('www.youtube.com', youtubeAnswers(VIDEOS));
  h = await startHeaded(site.args);
  await h.ensureProvider();
});

afterAll(async () => {
  await h.close();
  site.close();
});

const chip = () =>
  h.inPanel((doc) => ({
    label: doc?.querySelector('.chip')?.getAttribute('aria-label') ?? '',
    title: doc?.querySelector('.chip-title')?.textContent ?? '',
    text: doc?.querySelector('.chip-text')?.textContent ?? '',
    // What the panel said instead, if anything: a failure then names it.
    alert: doc?.querySelector('[role=alert]')?.textContent ?? '',
  }));

async function pressAsk(): Promise<void> {
  await h.shortcut('alt+shift+q');
  await expect.poll(h.sidePanels, { timeout: 15_000 }).toHaveLength(1);
}

test("the shortcut on a watch page brings the video's captions with timestamps to the model", async () => {
  const page = await h.page();
  await page.goto(`https://www.youtube.com/watch?v=${FIRST.id}`);
  await pressAsk();
  await expect.poll(chip, { timeout: 20_000 }).toEqual({
    label: 'Attached video transcript',
    title: expect.stringContaining('Video “Sharpening a chisel”'),
    // A person's English track, before the recognised one; the chip says which was used.
    text: expect.stringContaining('Captions used: English [0:01] Welcome'),
    alert: '',
  });
  const said = 'At [12:34] the edge is honed (`[0:01]` is code), as [0:01] and [99:99] are not.';
  const user = (await h.askFromPanel('What is this about?', sseChunks(said, 7))).at(-1)?.content ?? '';
  expect(user).toMatch(
    /^<<<material #[0-9a-f]{8} kind=transcript title="Sharpening a chisel" url="https:\/\/www\.youtube\.com\/watch\?v=aaaaaaaaaa1">>>\n/,
  );
  expect(user).toContain('[0:01] Welcome to the workshop.\n[12:34] Now hone the edge on the fine stone.\n');
  expect(user).not.toContain('uh so welcome');
  expect(user).not.toContain('Comments: this video is great.');
  // Through YouTube's player endpoint; the web player's gated caption address is never asked.
  expect(site.requests.some((r) => r.startsWith('/youtubei/v1/player?key='))).toBe(true);
  expect(site.requests.filter((r) => r.includes('exp=xpe'))).toEqual([]);
});

test('a moment named in the answer is a link that plays the video in its tab from there', async () => {
  const seeks = () =>
    h.inPanel((doc) =>
      [...(doc?.querySelectorAll('.turn:last-of-type .answer a') ?? [])].map((a) => [
        a.textContent,
        a.getAttribute('href'),
        a.getAttribute('title'),
      ]),
    );
  const watch = 'https://www.youtube.com/watch?v=aaaaaaaaaa1';
  // Not the one in code, nor one no video has ([99:99]).
  await expect.poll(seeks, { timeout: 15_000 }).toEqual([
    ['[12:34]', `${watch}&t=754s`, 'Play the video from 12:34'],
    ['[0:01]', `${watch}&t=1s`, 'Play the video from 0:01'],
  ]);
  await h.inPanel((doc) => doc?.querySelector<HTMLElement>('.turn:last-of-type .answer a.seek')?.click());
  const page = await h.page();
  await expect.poll(() => page.evaluate(() => document.querySelector('video')?.currentTime)).toBe(754);
  // Moved in place: the page was not loaded again.
  expect(page.url()).toBe(watch);
  // A follow-up answer is about the same video.
  await h.askFromPanel('And at the start?', sseChunks('It starts at [0:01].', 7));
  await expect.poll(seeks, { timeout: 15_000 }).toEqual([['[0:01]', `${watch}&t=1s`, 'Play the video from 0:01']]);
});

test('after the page changes videos in place, the video now in the tab is read', async () => {
  const page = await h.page();
  await page.click('#next');
  await expect.poll(() => page.url()).toBe(`https://www.youtube.com/watch?v=${SECOND.id}`);
  await pressAsk();
  await expect.poll(chip, { timeout: 20_000 }).toMatchObject({
    title: expect.stringContaining('Video “Flattening a plane sole”'),
    text: expect.stringContaining('Captions used: English (auto-generated) [0:03] lap'),
  });
  const user = (await h.askFromPanel('And this one?')).at(-1)?.content ?? '';
  expect(user).toContain('kind=transcript title="Flattening a plane sole"');
  expect(user).toContain('[0:03] lap the sole on sandpaper\n');
  expect(user).not.toContain('Welcome to the workshop.');
  // Read from the second video's own page, not the first page's stale player data.
  expect(site.requests).toContain(`/watch?v=${SECOND.id}`);
});

test('a video without captions says so, instead of a transcript', async () => {
  const page = await h.page();
  await page.goto(`https://www.youtube.com/watch?v=${SILENT.id}`);
  await pressAsk();
  const alert = () => h.inPanel((doc) => doc?.querySelector('[role=alert]')?.textContent ?? '');
  await expect.poll(alert, { timeout: 20_000 }).toContain('This video has no captions');
});

const alert = () => h.inPanel((doc) => doc?.querySelector('[role=alert]')?.textContent ?? '');

test('captions YouTube gives only to its own player are not called missing: the panel says how to get them', async () => {
  const page = await h.page();
  await page.goto(`https://www.youtube.com/watch?v=${GATED.id}`);
  await pressAsk();
  await expect.poll(alert, { timeout: 20_000 }).toContain('only to its own player');
  expect(await alert()).toContain('Show transcript');
  expect(await alert()).not.toContain('no captions');
  expect(site.requests.filter((r) => r.includes('exp=xpe'))).toEqual([]);
});

test('with YouTube’s transcript open on the page, Gloss reads it from there', async () => {
  const page = await h.page();
  await page.goto(`https://www.youtube.com/watch?v=${PANEL.id}`);
  await pressAsk();
  await expect.poll(chip, { timeout: 20_000 }).toMatchObject({
    title: expect.stringContaining('Video “Strop compound test”'),
    text: expect.stringContaining("Captions used: YouTube’s transcript panel [0:05] It's the green compound."),
  });
  const user = (await h.askFromPanel('Which compound?')).at(-1)?.content ?? '';
  expect(user).toContain("[0:05] It's the green compound.\n");
});

test('a video YouTube wants a sign-in for, and a network it turns away, each say so', async () => {
  const page = await h.page();
  await page.goto(`https://www.youtube.com/watch?v=${BOT.id}`);
  await pressAsk();
  await expect.poll(alert, { timeout: 20_000 }).toContain('asks to sign in');
  expect(await alert()).toContain('Sign in to confirm you’re not a bot');
  await page.goto(`https://www.youtube.com/watch?v=${BUSY.id}`);
  await pressAsk();
  await expect.poll(alert, { timeout: 20_000 }).toContain('turning away requests from this network');
});
