/**
 * Benchmark inputs: answers of the usual kinds of blocks, and one long fenced code block; and how
 * long after an answer's end the streaming benchmarks keep counting.
 */

/**
 * After an answer's end: the time given to work it schedules (highlighting, math). bench:panel and
 * bench:firefox both count it, so Chromium's figures and Firefox's cover the same window.
 */
export const SETTLE_MS = 1500;

const PARTS = [
  '## Section heading\n\n',
  'A paragraph of prose that explains something at moderate length, with **bold**, `code`, and a [link](https://example.com/page). It goes on for a while, as answers do.\n\n',
  '- first point\n- second point with *emphasis*\n- third point\n\n',
  '```rust\nfn example(x: u32) -> u32 {\n    x * 2 // doubled\n}\n```\n\n',
  '| Name | Value |\n|---|---|\n| alpha | 1 |\n| beta | 2 |\n\n',
  '> A quoted remark\n> over two lines.\n\n',
  '1. step one\n2. step two\n\n',
];

/** About `bytes` of mixed blocks, ending after a whole cycle of them, so that the last chunks of
 * answers of different lengths stream the same kinds of blocks. */
export function mixedAnswer(bytes: number): string {
  let out = '';
  for (let i = 0; out.length < bytes || i % PARTS.length !== 0; i++) out += PARTS[i % PARTS.length] ?? '';
  return out;
}

export function codeBlock(bytes: number): string {
  let out = 'Here is the file:\n\n```typescript\n';
  for (let i = 0; out.length < bytes; i++) {
    out += `export function step${i}(input: number): number {\n  return input * ${i} + 1; // <${i}>\n}\n`;
  }
  return `${out}\`\`\`\n`;
}

const PROSE = [
  'Tides follow the moon because its pull on the near side of the Earth is a little stronger than on the far side, and the oceans respond to that difference. ',
  'The sun adds a smaller pull of its own, so when both line up (at *new* and *full* moon) the range is largest: these are the **spring tides**. ',
  'Coastlines shape the rest: a funnel-shaped bay such as the [Bay of Fundy](https://en.wikipedia.org/wiki/Bay_of_Fundy) amplifies the swing, while an enclosed sea barely notices it. ',
  'Harbour tables are computed from `harmonic constituents`, dozens of sine waves fitted to years of measurements at each port.\n\n',
];

/** `piece(0)`, `piece(1)`, … joined until there are at least `bytes`. */
function grow(bytes: number, piece: (i: number) => string): string {
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += piece(i);
  return out;
}

/** About `bytes` of plain prose in paragraphs, with a heading now and then (what most answers are). */
export function proseAnswer(bytes: number): string {
  return grow(bytes, (i) => (i % 12 === 0 ? `### Part ${i / 12 + 1}\n\n` : '') + (PROSE[i % PROSE.length] ?? ''));
}

const MATH = [
  'The area under the curve is $\\int_0^1 x^2\\,dx = \\frac{1}{3}$, as expected.\n\n',
  '$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$\n\n',
  '```python\ndef mean(xs):\n    """The average of xs."""\n    return sum(xs) / len(xs) if xs else 0.0\n```\n\n',
];

/** About `bytes` of mixed blocks as `mixedAnswer`, with math and a second language of code. */
export function richAnswer(bytes: number): string {
  return grow(bytes, (i) => mixedAnswer(1) + (MATH[i % MATH.length] ?? ''));
}

/** A table of `rows` rows after a sentence, as models write for comparisons or extracted data. */
export function longTable(rows: number): string {
  let out = 'Here is the comparison:\n\n| # | Name | Version | Notes |\n|---|---|---|---|\n';
  for (let i = 1; i <= rows; i++) out += `| ${i} | package-${i} | 1.${i % 17}.${i % 5} | *ok* |\n`;
  return `${out}\nThat is all.\n`;
}

/** A list of `items` items, as in a changelog. */
export function longList(items: number): string {
  let out = 'Changes:\n\n';
  for (let i = 1; i <= items; i++) out += `- Fixed issue #${i} in the \`parser\` (thanks, contributor ${i % 13})\n`;
  return `${out}\nThat is all.\n`;
}
