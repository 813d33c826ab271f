/**
 * What Gloss knows about a YouTube address before reading a video: which video a tab shows
 * (the worker reads its captions instead of the page) and the address that plays it from a
 * moment (the panel's `[12:34]` links).
 */

const HOSTS = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com']);
/** YouTube's video ids: 11 characters of base64url. */
const VIDEO_ID = /^[\w-]{11}$/;

/** The video a watch page shows (`/watch?v=…`), by its id; `null` for any other address. */
export function watchedVideo(url: string | undefined): { id: string; origin: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url ?? '');
  } catch {
    return null;
  }
  const id = parsed.searchParams.get('v') ?? '';
  if (parsed.protocol !== 'https:' || !HOSTS.has(parsed.hostname) || parsed.pathname !== '/watch') return null;
  return VIDEO_ID.test(id) ? { id, origin: parsed.origin } : null;
}

/** The watch address of the video `url` shows, playing from `seconds`; `null` if `url` is no watch page. */
export function seekUrl(url: string, seconds: number): string | null {
  const video = watchedVideo(url);
  if (!video) return null;
  return `${video.origin}/watch?v=${video.id}&t=${Math.max(0, Math.floor(seconds))}s`;
}

/** "12:34" or "1:02:05" as seconds; `null` for anything else. */
export function timestampSeconds(stamp: string): number | null {
  const m = /^(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)$/.exec(stamp);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}
