/**
 * The panel's side of the highlighting worker (highlight-worker.ts), started when an answer first
 * opens a code block, so highlight.js loads and runs on a thread of its own and never holds up
 * the panel. Where a worker cannot start or fails, blocks are highlighted in the panel as before
 * (enhance.ts still puts them in a group of lines at a time).
 */
import type { Piece } from './code-lines';
import type { HighlightReply, HighlightRequest } from './highlight-worker';

type Groups = Piece[][] | null;

let worker: Worker | null | undefined;
const waiting = new Map<number, { request: HighlightRequest; done: (groups: Groups) => void }>();
let nextId = 0;

/** Starts the worker (once), so it has loaded highlight.js by the time a block ends. */
export function startHighlighter(): void {
  if (worker !== undefined) return;
  try {
    worker = new Worker(new URL('./highlight-worker.ts', import.meta.url), { type: 'module' });
  } catch (e) {
    console.warn('Gloss: highlighting in the panel, its worker did not start', e);
    worker = null;
    return;
  }
  worker.addEventListener('message', ({ data }: MessageEvent<HighlightReply>) => {
    const job = waiting.get(data.id);
    waiting.delete(data.id);
    job?.done(data.groups);
  });
  worker.addEventListener('error', (event) => {
    console.warn('Gloss: highlighting in the panel, its worker failed', event.message);
    worker?.terminate();
    worker = null;
    const jobs = [...waiting.values()];
    waiting.clear();
    for (const { request, done } of jobs) void inPanel(request).then(done);
  });
}

/** `text` highlighted as `language`, in groups of lines; null when the language is not one Gloss highlights. */
export function highlightGroups(text: string, language: string): Promise<Groups> {
  startHighlighter();
  const request = { id: nextId++, text, language };
  if (!worker) return inPanel(request);
  return new Promise((done) => {
    waiting.set(request.id, { request, done });
    worker?.postMessage(request);
  });
}

async function inPanel({ text, language }: HighlightRequest): Promise<Groups> {
  const { highlightGroups: highlight } = await import('./highlight');
  return highlight(text, language);
}
