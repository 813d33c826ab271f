/**
 * `npx tsx bench/latex.ts`: what streaming an answer whose math is written with LaTeX's own
 * delimiters (`\(…\)`, `\[…\]`, as many models write it) costs the core's StreamRenderer, 4
 * characters a chunk. Such text is parsed once more per render to find its code (the math
 * pre-pass, `markdown/code.rs`); the same answer with dollar delimiters is parsed once. Prints
 * a table; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { initCoreFromBytes, StreamRenderer } from '../extension/background/core';
import { richAnswer } from './documents';

initCoreFromBytes(readFileSync(new URL('../crates/gloss-wasm/pkg/gloss_wasm_bg.wasm', import.meta.url)));

const RUNS = 5;
const dollars = richAnswer(30_000);
const latex = dollars.replace(/\$\$\n([\s\S]*?)\n\$\$/g, '\\[\n$1\n\\]').replace(/\$([^$\n]+)\$/g, '\\($1\\)');

function streamMs(text: string): number {
  const renderer = new StreamRenderer();
  const start = performance.now();
  for (let i = 0; i < text.length; i += 4) renderer.push(text.slice(i, i + 4));
  renderer.finish();
  const ms = performance.now() - start;
  renderer.free();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log('| math written as | answer | total ms (median of 5) | per chunk |\n|---|---|---|---|');
for (const [name, text] of [
  ['$…$, $$…$$', dollars],
  ['\\(…\\), \\[…\\]', latex],
] as const) {
  const runs = Array.from({ length: RUNS }, () => streamMs(text));
  const ms = median(runs);
  console.log(
    `| ${name} | ${(text.length / 1024).toFixed(1)} KB | ${ms.toFixed(1)} | ${((ms * 1000 * 4) / text.length).toFixed(1)} µs |`,
  );
}
