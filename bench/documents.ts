/** Benchmark inputs: answers of the usual kinds of blocks, and one long fenced code block. */
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
