/**
 * What a streaming answer writes as it goes, apart from its turn: each update's text as a chunk
 * of its own (append-only, so a long answer costs no rewrites), and its tool steps and rounds
 * as one record among its chunks, replaced at every change (`TOOLS_SEQ`). Both go in one
 * transaction per update, with no read: the turn itself is written when the answer starts and
 * when it ends, and whoever reads a turn that is still streaming (or was cut off) folds its
 * chunks in (`foldChunks`). Writing the steps into the turn instead cost a read and a rewrite of
 * the whole turn, in a transaction of its own, several times a round (bench:tools).
 */
import { unwrap } from 'idb';
import * as v from 'valibot';
import { TurnToolEntries } from '../../shared/tools/tool-steps';
import type { ChunkRecord, Db } from '../db';

/** A turn's tool steps and rounds as its loop left them. */
export const ToolStateSchema = v.object(TurnToolEntries);
export type ToolState = v.InferOutput<typeof ToolStateSchema>;

/** Where a turn's tool state sits among its chunks: after all its text (`chunkRange` holds it). */
export const TOOLS_SEQ = Number.MAX_SAFE_INTEGER;

/** One update of a streaming answer: its text, its tool state, or both. */
export interface StreamUpdate {
  turnId: string;
  chunk?: { seq: number; text: string; reasoning: string };
  tools?: ToolState;
}

/**
 * Stores one update before anyone sees it. Written with IndexedDB's own API: idb's wrappers (a
 * proxy, a promise per request and per transaction) were a tenth of the worker's time in
 * bench:panel, and this runs up to 15 times a second. With relaxed durability: the write is
 * complete once the operating system has it, without forcing it onto the disk (15 disk flushes
 * a second cost battery, and the text waited for each). It risks only the last updates at a
 * power cut; the finished turn is written with the default durability.
 */
export async function storeUpdate(db: Db, { turnId, chunk, tools }: StreamUpdate): Promise<void> {
  if (!chunk && !tools) return;
  const tx = unwrap(db).transaction('chunks', 'readwrite', { durability: 'relaxed' });
  const chunks = tx.objectStore('chunks');
  if (chunk) chunks.put({ turnId, ...chunk } satisfies ChunkRecord);
  if (tools) chunks.put({ turnId, seq: TOOLS_SEQ, text: '', reasoning: '', tools } satisfies ChunkRecord);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new DOMException('The write was aborted', 'AbortError'));
  });
}

interface Foldable {
  answer: string;
  reasoning?: string | undefined;
}

/**
 * A streaming turn as it stands: its stored text with its chunks' after it, and the tool state
 * last written in place of the one the turn was stored with. A tool record that is not valid
 * (a damaged database) leaves the turn's own.
 */
export function foldChunks<T extends Foldable>(turn: T, chunks: readonly ChunkRecord[]): T {
  let answer = turn.answer;
  let reasoning = turn.reasoning ?? '';
  let tools: ToolState | undefined;
  for (const chunk of chunks) {
    if (chunk.seq === TOOLS_SEQ) {
      const parsed = v.safeParse(ToolStateSchema, chunk.tools);
      if (parsed.success) tools = parsed.output;
      continue;
    }
    answer += chunk.text;
    reasoning += chunk.reasoning;
  }
  return { ...turn, ...tools, answer, reasoning: reasoning || undefined };
}
