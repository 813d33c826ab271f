/**
 * The ~250-line limit for the files ESLint cannot read: stylesheets and the Rust core. ESLint's
 * max-lines keeps TypeScript files within it; one 847-line stylesheet grew unnoticed before this
 * check. Counted as ESLint counts: blank lines and comments are free, and a Rust file's inline
 * tests (`#[cfg(test)]` and below) are its tests, not its code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const MAX_LINES = 250;

function files(dir: string, ending: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ending) && !f.split('/').includes('target'))
    .map((f) => join(dir, f));
}

/** Lines of code: not blank, not only a comment. */
function codeLines(text: string, lineComment: RegExp): number {
  const withoutBlocks = text.replace(/\/\*[\s\S]*?\*\//g, '');
  return withoutBlocks.split('\n').filter((l) => l.trim() !== '' && !lineComment.test(l.trim())).length;
}

describe(`source files stay under ${MAX_LINES} lines of code`, () => {
  test.each(files('extension', '.css'))('%s', (file) => {
    expect(codeLines(readFileSync(join(ROOT, file), 'utf8'), /^$/)).toBeLessThanOrEqual(MAX_LINES);
  });

  test.each(files('crates', '.rs'))('%s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const code = text.split(/^#\[cfg\(test\)\]/m)[0] ?? '';
    expect(codeLines(code, /^\/\//), relative(ROOT, file)).toBeLessThanOrEqual(MAX_LINES);
  });
});
