/**
 * A folder is a feature, small enough to see whole: at most 25 source files each, in the panel,
 * the worker, the shared modules and the Rust crates. The panel's chat folder once grew to 77
 * source files (the conversation, the composer, PDFs, images and tabs side by side) before
 * anything said so; with this limit the next feature (tools, the web) gets a folder of its own.
 * Tests and their helpers sit beside the module they test and do not count; a component's
 * stylesheet does, since it is part of what a reader has to take in.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const MAX_SOURCES = 25;
const SOURCE = /\.(ts|tsx|css|rs)$/;
const TEST = /(\.test\.ts|(^|_)tests\.rs|^test-support\.ts)$/;

/** The folders below `dir`, itself included, leaving out build output. */
function folders(dir: string): string[] {
  const below = readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !['target', 'pkg', 'node_modules', 'fixtures'].includes(e.name))
    .flatMap((e) => folders(join(dir, e.name)));
  return [dir, ...below];
}

/** Of the file names in one folder, the sources that are not tests. */
function sourcesIn(names: readonly string[]): string[] {
  return names.filter((name) => SOURCE.test(name) && !TEST.test(name));
}

const checked = [...folders('extension'), ...folders('crates/gloss-core/src'), ...folders('crates/gloss-wasm/src')];

describe(`each folder holds at most ${MAX_SOURCES} source files`, () => {
  test.each(checked.map((dir) => relative(ROOT, join(ROOT, dir))))('%s', (dir) => {
    const names = readdirSync(join(ROOT, dir));
    expect(sourcesIn(names).length, `${dir}: give a feature of it a folder of its own`).toBeLessThanOrEqual(
      MAX_SOURCES,
    );
  });
});

test('tests and their helpers do not count; stylesheets and Rust modules do', () => {
  const names = ['Composer.tsx', 'Composer.css', 'useSend.ts', 'useSend.test.ts', 'test-support.ts'];
  expect(sourcesIn([...names, 'mod.rs', 'tests.rs', 'messages_tests.rs', 'README.md'])).toEqual([
    'Composer.tsx',
    'Composer.css',
    'useSend.ts',
    'mod.rs',
  ]);
  expect(checked).toContain('extension/sidepanel/conversation');
});
