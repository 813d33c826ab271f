/**
 * What a streaming answer writes as it goes, apart from its turn: each update's text as a chunk
 * of its own (append-only, so a long answer costs no rewrites), and its tool steps by round: one
 * record per round of the loop (its steps and its kept messages), replaced when that round
 * changes, and one for the loop's own notes (`LOOP_SEQ`). Both go in one transaction per update,
 * with no read: the turn itself is written when the answer starts and when it ends, and whoever
 * reads a turn that is still streaming (or was cut off) folds its chunks in (`foldChunks`).
 * Writing the steps into the turn instead cost a read and a rewrite of the whole turn, every
 * round's results again (up to 32,000 characters each), several times a round (bench:tools).
 */
import { unwrap } from 'idb';
import * as v from 'valibot';
import { MissingToolsSchema, ToolRoundSchema, ToolStepSchema } from '../../shared/tools/tool-steps';
import type { ChunkRecord, Db } from '../db';

/** One round of a turn's tool loop: its steps, and the round as the loop keeps it once it has one. */
export const RoundRecordSchema = v.object({
  round: v.pipe(v.number(), v.integer(), v.minValue(0)),
  steps: v.array(ToolStepSchema),
  kept: v.optional(ToolRoundSchema),
});
export type RoundRecord = v.InferOutput<typeof RoundRecordSchema>;

/** What the loop notes of itself: the round limit it stopped at, the servers it could not reach. */
export const LoopRecordSchema = v.object({
  roundLimit: v.optional(v.number()),
  toolsMissing: v.optional(v.array(MissingToolsSchema)),
});
export type LoopRecord = v.InferOutput<typeof LoopRecordSchema>;

/** Where the loop's notes sit among a turn's chunks, after all its text (`chunkRange` holds it)… */
export const LOOP_SEQ = Number.MAX_SAFE_INTEGER;
/** …and round `round`'s record, just before them. */
export const roundSeq = (round: number) => LOOP_SEQ - 1 - round;

/** One update of a streaming answer: its text, the rounds that changed, the loop's notes. */
export interface StreamUpdate {
  turnId: string;
  chunk?: { seq: number; text: string; reasoning: string };
  rounds?: readonly RoundRecord[];
  loop?: LoopRecord;
}

/**
 * Stores one update before anyone sees it. Written with IndexedDB's own API: idb's wrappers (a
 * proxy, a promise per request and per transaction) were a tenth of the worker's time in
 * bench:panel, and this runs up to 15 times a second. With relaxed durability: the write is
 * complete once the operating system has it, without forcing it onto the disk (15 disk flushes
 * a second cost battery, and the text waited for each). It risks only the last updates at a
 * power cut; the finished turn is written with the default durability.
 */
export async function storeUpdate(db: Db, { turnId, chunk, rounds = [], loop }: StreamUpdate): Promise<void> {
  if (!chunk && rounds.length === 0 && !loop) return;
  const tx = unwrap(db).transaction('chunks', 'readwrite', { durability: 'relaxed' });
  const chunks = tx.objectStore('chunks');
  const tools = (seq: number, tools: RoundRecord | LoopRecord): ChunkRecord => ({
    turnId,
    seq,
    text: '',
    reasoning: '',
    tools,
  });
  if (chunk) chunks.put({ turnId, ...chunk } satisfies ChunkRecord);
  for (const round of rounds) chunks.put(tools(roundSeq(round.round), round));
  if (loop) chunks.put(tools(LOOP_SEQ, loop));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new DOMException('The write was aborted', 'AbortError'));
  });
}

interface Foldable {
  answer: string;
  reasoning?: string | undefined;
  steps?: RoundRecord['steps'] | undefined;
  rounds?: NonNullable<RoundRecord['kept']>[] | undefined;
  roundLimit?: number | undefined;
  toolsMissing?: LoopRecord['toolsMissing'];
}

/**
 * A streaming turn as it stands: its stored text with its chunks' after it, each round written
 * since in place of the one the turn was stored with, and the loop's notes. A tool record that
 * is not valid (a damaged database) leaves what the turn was stored with.
 */
export function foldChunks<T extends Foldable>(turn: T, chunks: readonly ChunkRecord[]): T {
  let answer = turn.answer;
  let reasoning = turn.reasoning ?? '';
  const out: T = { ...turn };
  const rounds: RoundRecord[] = [];
  for (const chunk of chunks) {
    if (chunk.tools === undefined) {
      answer += chunk.text;
      reasoning += chunk.reasoning;
    } else if (chunk.seq === LOOP_SEQ) {
      const loop = v.safeParse(LoopRecordSchema, chunk.tools);
      if (loop.success)
        Object.assign(out, { roundLimit: loop.output.roundLimit, toolsMissing: loop.output.toolsMissing });
    } else {
      const round = v.safeParse(RoundRecordSchema, chunk.tools);
      if (round.success) rounds.push(round.output);
    }
  }
  // In the order the rounds came (their records are stored the other way round).
  for (const round of rounds.sort((a, b) => a.round - b.round)) withRound(out, round);
  return { ...out, answer, reasoning: reasoning || undefined };
}

/** Puts a round's record in place of what `turn` held of that round. */
function withRound(turn: Foldable, { round, steps, kept }: RoundRecord): void {
  // By round, each round's steps in the order they came (`sort` is stable).
  turn.steps = [...(turn.steps ?? []).filter((s) => s.round !== round), ...steps].sort((a, b) => a.round - b.round);
  const rounds = [...(turn.rounds ?? [])];
  // Rounds follow one another: one after a gap (a damaged database) would not be the next.
  if (kept && round <= rounds.length) {
    rounds[round] = kept;
    turn.rounds = rounds;
  }
}
