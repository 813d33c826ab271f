/**
 * Injected on the user's action only, into a YouTube tab: the lines of the transcript panel
 * the page shows ("Show transcript" under the video), as "[m:ss] text". The last way Gloss
 * reads a video when YouTube's caption addresses give nothing: the page's own panel holds the
 * same captions once the user opened it. Self-contained (`executeScript` serialises it); the
 * element names are YouTube's (`ytd-transcript-segment-renderer`, its `.segment-timestamp`
 * and `.segment-text`), read as text only.
 */
export function transcriptPanelLines(): string[] {
  const segments = document.querySelectorAll('ytd-transcript-segment-renderer');
  const lines: string[] = [];
  for (const segment of segments) {
    const time = segment.querySelector('.segment-timestamp')?.textContent.trim() ?? '';
    const text = (segment.querySelector('.segment-text')?.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (/^\d+(:\d\d){1,2}$/.test(time) && text) lines.push(`[${time}] ${text}`);
  }
  return lines;
}
