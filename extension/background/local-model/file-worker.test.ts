/**
 * The Firefox build's llama.cpp worker (scripts/wllama-file-worker.ts): Firefox refuses blob:
 * workers in the background page, so wllama must start its worker from the extension's file,
 * and that file must be the worker wllama would have composed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { startFromFile, WORKER_FILE, workerSource } from '../../../scripts/wllama-file-worker';

/** wllama's module as Vite bundles it (the package's ES module, beside its CommonJS entry). */
const source = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('@wllama/wllama')), 'index.js'),
  'utf8',
);

describe("the Firefox build's wllama", () => {
  test('starts its worker from the extension’s file, with its options in the address, never from a blob', () => {
    const rewritten = startFromFile(source);
    const from = rewritten.indexOf('moduleInit(ggufFiles) {');
    const moduleInit = rewritten.slice(from, rewritten.indexOf('wllamaStart() {', from));
    expect(moduleInit).toContain('this.worker = new Worker(');
    expect(moduleInit).not.toContain('createWorker(');
    expect(moduleInit).toContain(`new URL("/${WORKER_FILE}?" + encodeURIComponent(JSON.stringify({ ...runOptions`);
  });

  test("the file is wllama's worker: its options from its address, Emscripten's glue, its worker code", () => {
    const worker = workerSource(source);
    expect(worker.startsWith('const RUN_OPTIONS = JSON.parse(decodeURIComponent(location.search.slice(1)));')).toBe(
      true,
    );
    expect(worker).toContain('function wModuleInit() { \nif (!WebAssembly.Suspending)');
    expect(worker).toContain('var ___Module=typeof Module!="undefined"?Module:{};');
    expect(worker).toContain("if (verb === 'module.init')");
    // It parses (compiled, not run).
    expect(() => new Script(worker)).not.toThrow();
  });

  test('a wllama that starts its worker another way fails the build instead of shipping a worker that never starts', () => {
    expect(() => startFromFile(source.replace('createWorker(completeCode)', 'createWorker(code)'))).toThrow(
      'wllama starts its worker differently now',
    );
  });
});
