/**
 * `npm run bench`: what streaming an answer costs, 4 characters at a time, for Gloss's
 * StreamRenderer (the shipped WASM) and for re-rendering the whole answer on every chunk with
 * comrak, marked, markdown-it and micromark+GFM (react-markdown's parser). Prints a table; it
 * asserts nothing (speed is measured here, never in tests).
 *
 * `npm run bench -- --gloss-only` skips the naive renderers; a word filters the cases (`long`:
 * only the long table and list, `long-blocks.ts`).
 *
 * Naive renderers re-render the whole prefix each chunk; their totals are estimated from every
 * k-th chunk (×k, marked "≈") to keep the run short. Per-chunk costs are measured exactly.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { initCoreFromBytes, renderMarkdown, StreamRenderer } from '../extension/background/core';
import { codeBlock, mixedAnswer } from './documents';
import { longBlocks } from './long-blocks';

const CHUNK = 4;
const LAST = 200;
const SAMPLES = 150;

initCoreFromBytes(readFileSync(new URL('../crates/gloss-wasm/pkg/gloss_wasm_bg.wasm', import.meta.url)));
const md = new MarkdownIt({ linkify: true });

type Naive = (text: string) => string;
const NAIVE: [string, Naive][] = [
  ['comrak (naive)', renderMarkdown],
  ['marked (naive)', (t) => marked.parse(t, { async: false })],
  ['markdown-it (naive)', (t) => md.render(t)],
  ['micromark+GFM (naive)', (t) => micromark(t, { extensions: [gfm()], htmlExtensions: [gfmHtml()] })],
];

/** For the code block case: where to measure per-chunk cost inside the block. */
interface Probe {
  /** First chunk of the window 3 KB into the block. */
  early: number;
  /** First chunk of the last window that still ends inside the block (before its fence). */
  late: number;
}

interface Result {
  total: number;
  estimated: boolean;
  perChunk: number;
  /** Mean per-chunk cost over the probe's two windows. */
  probe?: [number, number];
}

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK) out.push(text.slice(i, i + CHUNK));
  return out;
}

function gloss(text: string, probe?: Probe): Result {
  const pieces = chunks(text);
  const times: number[] = [];
  const renderer = new StreamRenderer();
  const start = performance.now();
  for (const piece of pieces) {
    const t = performance.now();
    renderer.push(piece);
    times.push(performance.now() - t);
  }
  renderer.finish();
  const total = performance.now() - start;
  renderer.free();
  const windows: [number, number] | undefined = probe && [window(times, probe.early), window(times, probe.late)];
  return { total, estimated: false, perChunk: mean(times.slice(-LAST)), probe: windows };
}

function naive(render: Naive, text: string, probe?: Probe): Result {
  const pieces = chunks(text);
  const stride = Math.max(1, Math.floor(pieces.length / SAMPLES));
  const ends = pieces.map((_, i) => Math.min(text.length, (i + 1) * CHUNK));
  let sampled = 0;
  for (let i = stride - 1; i < ends.length; i += stride) sampled += time(() => render(text.slice(0, ends[i])));
  const last = ends.slice(-LAST).map((end) => time(() => render(text.slice(0, end))));
  const at = (from: number) => mean(ends.slice(from, from + LAST).map((end) => time(() => render(text.slice(0, end)))));
  const windows: [number, number] | undefined = probe && [at(probe.early), at(probe.late)];
  return { total: sampled * stride, estimated: stride > 1, perChunk: mean(last), probe: windows };
}

function time(f: () => unknown): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

function window(times: number[], at: number): number {
  return mean(times.slice(at, at + LAST));
}

const rows: string[][] = [];
const code = codeBlock(30_000);
const fenceAt = code.lastIndexOf('```');
const cases: [string, string, Probe | undefined][] = [
  ['~10 KB answer', mixedAnswer(10_000), undefined],
  ['~30 KB answer', mixedAnswer(30_000), undefined],
  ['~100 KB answer', mixedAnswer(100_000), undefined],
  [
    '30 KB code block',
    code,
    { early: Math.floor((code.indexOf('```') + 3_000) / CHUNK), late: Math.floor(fenceAt / CHUNK) - LAST },
  ],
];
const args = process.argv.slice(2);
const glossOnly = args.includes('--gloss-only');
const only = args.find((a) => !a.startsWith('--'));
// One unmeasured pass first, so the WASM is compiled and warm when timing starts.
gloss(mixedAnswer(10_000));
const glossPerChunk: Record<string, number> = {};
for (const [name, text, probe] of cases) {
  if (only && !name.includes(only)) continue;
  const ours = gloss(text, probe);
  glossPerChunk[name] = ours.perChunk;
  rows.push(row(name, 'Gloss StreamRenderer', ours, ours));
  if (glossOnly) continue;
  for (const [label, render] of NAIVE) rows.push(row(name, label, naive(render, text, probe), ours));
}

function row(name: string, label: string, r: Result, ours: Result): string[] {
  const probe = r.probe ? `${us(r.probe[0])} → ${us(r.probe[1])} (${(r.probe[1] / r.probe[0]).toFixed(1)}×)` : '';
  return [
    name,
    label,
    `${r.estimated ? '≈' : ''}${r.total.toFixed(1)}`,
    us(r.perChunk),
    (r.total / ours.total).toFixed(1),
    probe,
  ];
}

function us(ms: number): string {
  return `${(ms * 1000).toFixed(1)} µs`;
}

const head = [
  'case',
  'renderer',
  'total ms',
  `per chunk (last ${LAST})`,
  '× Gloss total',
  'in the block: 3 KB in → end',
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
if (rows.length > 0) {
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}
const [at10, at100] = [glossPerChunk['~10 KB answer'], glossPerChunk['~100 KB answer']];
if (at10 && at100) {
  console.log(
    `\nGloss per-chunk cost at 100 KB / at 10 KB: ${(at100 / at10).toFixed(2)}×  (chunk = ${CHUNK} characters)`,
  );
}
console.log('≈: total estimated from every k-th chunk; per-chunk columns are measured exactly.');
if (!only || 'long'.includes(only)) longBlocks();
