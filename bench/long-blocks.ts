/**
 * Part of `npm run bench`: streaming one long table or list. Each is a single open block until it
 * ends; re-parsing and re-sending all of it with every chunk made them quadratic (issue 13), which
 * the renderer's rows fast path (`tailRows`) avoids. Prints, for a 500-row table and a 300-item
 * list, the median per-chunk cost at the 20th row or item and near the end, and how much HTML the
 * patches carry in all against the answer's own size.
 */
import { performance } from 'node:perf_hooks';
import { StreamRenderer, type RenderPatch } from '../extension/background/core';
import { longList, longTable } from './documents';

const CHUNK = 4;
/** Chunks measured at each point (about two rows). */
const WINDOW = 25;

function patchBytes(patch: RenderPatch): number {
  const code = patch.tailCode ? patch.tailCode.append.length + patch.tailCode.live.length : 0;
  const rows = patch.tailRows
    ? patch.tailRows.append.length + patch.tailRows.live.length + (patch.tailRows.after ?? '').length
    : 0;
  return patch.frozen.reduce((n, html) => n + html.length, 0) + patch.tail.length + code + rows;
}

/** The middle value: Node's garbage collector pauses 3–35 ms now and then (measured), which in a
 * mean would decide the figure for whichever window it lands in. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Median ms per chunk over the WINDOW chunks from the start of line `line` of `text`. */
function measure(text: string, lines: [number, number]) {
  const starts = lines.map((line) => {
    let at = 0;
    for (let i = 0; i < line; i++) at = text.indexOf('\n', at) + 1;
    return Math.floor(at / CHUNK);
  });
  const renderer = new StreamRenderer();
  const windows: number[][] = starts.map(() => []);
  let posted = 0;
  for (let i = 0, c = 0; i < text.length; i += CHUNK, c++) {
    const t = performance.now();
    const patch = renderer.push(text.slice(i, i + CHUNK));
    const spent = performance.now() - t;
    starts.forEach((start, w) => {
      if (c >= start && c < start + WINDOW) windows[w]?.push(spent);
    });
    posted += patchBytes(patch);
  }
  posted += patchBytes(renderer.finish());
  renderer.free();
  return { windows: windows.map(median), posted };
}

export function longBlocks(): void {
  const cases: [string, string, [number, number]][] = [
    // Lines: the sentence and a blank line, the header and delimiter rows, then the body rows.
    ['table, 500 rows', longTable(500), [4 + 20, 4 + 495]],
    ['list, 300 items', longList(300), [2 + 20, 2 + 295]],
  ];
  console.log('\n| long block | per chunk at row/item 20 | near its end | ratio | HTML posted / answer size |');
  console.log('|---|---|---|---|---|');
  for (const [name, text, lines] of cases) {
    const { windows, posted } = measure(text, lines);
    const [early = 0, late = 0] = windows;
    const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
    const ratio = `${(late / early).toFixed(1)}×`;
    console.log(`| ${name} | ${us(early)} | ${us(late)} | ${ratio} | ${(posted / text.length).toFixed(0)}× |`);
  }
}
