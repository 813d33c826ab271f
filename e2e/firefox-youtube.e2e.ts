/**
 * A YouTube video's transcript in a headed Firefox ESR (issue 30's Firefox run): the same
 * YouTube-shaped watch pages as youtube.e2e.ts, served as https://www.youtube.com itself through
 * a local proxy (Firefox has no host-resolver switch; e2e/https-server.ts), so Gloss's own
 * recognition of the address and its content script's requests to YouTube are what run. The
 * shortcut asks about the video; what Gloss read is seen where it lands: the question that
 * reaches the (fake LM Studio) model, and the requests YouTube's address received.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFirefox, type Firefox } from './firefox-run';
import { CHISEL, PLANE, youtubeAnswers } from './fixtures/youtube';
import { serveHttps, type HttpsSite } from './https-server';
import { xdotool } from './xvfb';

const FIRST = CHISEL;
const SECOND = PLANE;
const VIDEOS = [FIRST, SECOND];
const WATCH = 'https://www.youtube.com/watch?v=';

let site: HttpsSite;
let ff: Firefox;

beforeAll(async () => {
  site = await serveHttps('www.youtube.com', youtubeAnswers(VIDEOS));
  ff = await startFirefox((_req, res) => res.writeHead(204).end(), {
    prefs: site.firefoxPrefs,
    startUrl: `${WATCH}${FIRST.id}`,
  });
  await ff.useLocalServer();
}, 180_000);

afterAll(async () => {
  await ff.close();
  site.close();
});

/** Presses the ask shortcut in the page, and waits for the video's transcript in the sidebar. */
async function askAboutTheVideo(): Promise<void> {
  const before = await ff.indigoIn(await ff.materialArea());
  await xdotool(ff.display.name, 'key', 'alt+shift+q');
  await ff.waitForMaterial(before, 20_000);
}

test("in Firefox the shortcut on YouTube's watch page brings the video's captions with timestamps to the model", async () => {
  expect(site.requests).toContain(`/watch?v=${FIRST.id}`);
  await askAboutTheVideo();
  await ff.clickQuestionBox();
  const prompt = await ff.askAndGetPrompt('What is this about?');
  expect(prompt).toMatch(
    /^<<<material #[0-9a-f]{8} kind=transcript title="Sharpening a chisel" url="https:\/\/www\.youtube\.com\/watch\?v=aaaaaaaaaa1">>>\n/,
  );
  // A person's English track, before the recognised one.
  expect(prompt).toContain('[0:01] Welcome to the workshop.\n[12:34] Now hone the edge on the fine stone.\n');
  expect(prompt).not.toContain('uh so welcome');
  // Through YouTube's player endpoint; the web player's gated caption address is never asked.
  expect(site.requests.some((r) => r.startsWith('/youtubei/v1/player?key='))).toBe(true);
  expect(site.requests.filter((r) => r.includes('exp=xpe'))).toEqual([]);
}, 90_000);

test('in Firefox, after the page changes videos in place, the video now in the tab is read', async () => {
  await ff.bidi.evaluate(ff.pageUrl, `(document.getElementById('next').click(), location.href)`);
  await expect.poll(() => ff.bidi.evaluate(ff.pageUrl, 'location.href')).toBe(`${WATCH}${SECOND.id}`);
  await askAboutTheVideo();
  await ff.clickQuestionBox();
  const prompt = await ff.askAndGetPrompt('And this one?');
  expect(prompt).toContain('kind=transcript title="Flattening a plane sole"');
  expect(prompt).toContain('[0:03] lap the sole on sandpaper\n');
  // Read from the second video's own page, not the first page's stale player data.
  expect(site.requests).toContain(`/watch?v=${SECOND.id}`);
}, 90_000);
