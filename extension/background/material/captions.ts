/**
 * Where a video's captions come from, as YouTube serves them now (issue 30). The caption
 * addresses in the watch page's own player data are gated since 2025 (`exp=xpe`: HTTP 200 with
 * an empty body without the player's `pot` token), so each way is tried in turn, only if the one
 * before gave nothing, and each miss is kept for the message:
 *   1. YouTube's player endpoint asked as a client whose caption addresses are not gated (the
 *      clients are the core's `CAPTION_CLIENTS`, where each one's source is written down);
 *   2. the page's own caption address, unless it is gated;
 *   3. the transcript panel the page shows, when the user opened it.
 * The core reads every answer; the tab fetches (`site`), so the requests are the page's own.
 */
import type { Fetched, Posted } from '../../content/fetch-text';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import {
  captionClients,
  captionGated,
  innertubeFromPage,
  playerCaptions,
  playerRequest,
  transcriptText,
  type CaptionTrack,
} from '../core';
import { missMessage, type Miss } from './caption-misses';

/** The tab's fetches on YouTube's own site, and the page's transcript panel. */
export interface VideoSite {
  get(url: string): Promise<Fetched>;
  post(url: string, headers: Record<string, string>, body: string): Promise<Posted>;
  panelLines(): Promise<string[]>;
}

export interface Video {
  id: string;
  origin: string;
}

/** A transcript as "[m:ss] text" lines, and what it was read from (a track's name). */
export interface Transcript {
  name: string;
  lines: string;
}

/** Thrown when an answer is not in the shape the core knows: YouTube changed something. */
export class VideoProblem extends Error {}

/** The core's reading of YouTube's data; a thrown error means the shape changed. */
export function shaped<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw new VideoProblem(t('videoShapeChanged', messageOf(e)));
  }
}

/**
 * The video's transcript, or the message saying why there is none. `html` is its watch page,
 * `pageTrack` the track its own player data would use.
 */
export async function findTranscript(
  site: VideoSite,
  video: Video,
  html: string,
  pageTrack: CaptionTrack | null,
  language: string,
): Promise<Transcript | { error: string }> {
  const misses: Miss[] = [];
  const found =
    (await fromPlayer(site, video, html, language, misses)) ??
    (await fromPage(site, video, pageTrack, misses)) ??
    (await fromPanel(site));
  return found ?? { error: missMessage(misses) };
}

async function fromPlayer(site: VideoSite, video: Video, html: string, language: string, misses: Miss[]) {
  let config;
  try {
    config = innertubeFromPage(html);
  } catch (e) {
    misses.push({ kind: 'config', detail: messageOf(e) });
    return null;
  }
  for (const [i, client] of captionClients().entries()) {
    const request = playerRequest(video.origin, video.id, config, i);
    const posted = await site.post(request.url, request.headers, request.body);
    if (!posted.ok) {
      misses.push({ kind: 'fetch', why: posted.why, timedOut: posted.timedOut });
      continue;
    }
    const read = playerCaptions(posted.status, posted.text, video.id, language);
    if (!read.ok) {
      misses.push({ kind: 'player', client: client.name, problem: read.problem });
      continue;
    }
    // The player's own word that there are none: the page's data would say the same.
    if (!read.track) {
      misses.push({ kind: 'noTracks' });
      return null;
    }
    const got = await readTrack(site, video, read.track, misses);
    if (got) return got;
  }
  return null;
}

async function fromPage(site: VideoSite, video: Video, track: CaptionTrack | null, misses: Miss[]) {
  if (!track) {
    misses.push({ kind: 'noTracks' });
    return null;
  }
  if (captionGated(track.url)) {
    misses.push({ kind: 'gated' });
    return null;
  }
  return readTrack(site, video, track, misses);
}

async function fromPanel(site: VideoSite): Promise<Transcript | null> {
  const lines = await site.panelLines().catch(() => []);
  return lines.length > 0 ? { name: t('transcriptPanel'), lines: `${lines.join('\n')}\n` } : null;
}

/** One caption track fetched and read; null (and why, in `misses`) when it gave nothing. */
async function readTrack(site: VideoSite, video: Video, track: CaptionTrack, misses: Miss[]) {
  // The address comes from YouTube's answer: it may only lead to the video's own site.
  if (shaped(() => new URL(track.url).origin) !== video.origin)
    throw new VideoProblem(t('videoShapeChanged', t('videoCaptionsElsewhere')));
  const got = await site.get(track.url);
  if (!got.ok) {
    misses.push({ kind: 'fetch', why: got.why, status: got.status, timedOut: got.timedOut });
    return null;
  }
  const lines = got.text.trim() ? shaped(() => transcriptText(got.text)) : '';
  if (!lines) {
    misses.push({ kind: 'empty', track: track.name, gated: captionGated(track.url) });
    return null;
  }
  return { name: track.name, lines };
}
