/**
 * What a streaming answer shows while the reader waits (issue 12: a local model took 16.5 s to
 * its first token with only static text, and a server that stopped sending but kept the
 * connection open left a frozen answer for a minute with no hint; issue 32: the first answer
 * after a browser start waited on the model loading into memory, and only said "Waiting"). Pure,
 * so the thresholds are tested without clocks.
 */

/** Silence this long after the answer started counts as a stall (streams send several times a second). */
export const STALL_AFTER_MS = 10_000;

export type Activity =
  /** No token yet: how long the model has been working on the question. */
  | { kind: 'waiting'; seconds: number }
  /** No token yet, and the model is being loaded into memory (a model on this computer). */
  | { kind: 'loading'; seconds: number }
  /** Tokens are arriving. */
  | { kind: 'streaming' }
  /** The answer started, then nothing arrived for `seconds`. */
  | { kind: 'stalled'; seconds: number };

export interface Heard {
  /** When the question was asked (or the answer reopened in this panel). */
  since: number;
  /** When the last of the answer's data arrived, if any did. */
  last: number | null;
  now: number;
  /** The worker said the model is being loaded into memory now. */
  loading?: boolean;
}

export function activityOf({ since, last, now, loading = false }: Heard): Activity {
  // A model loading sends nothing else meanwhile (a Continue's earlier text is not news of it).
  if (last === null || loading)
    return { kind: loading ? 'loading' : 'waiting', seconds: Math.max(0, Math.floor((now - since) / 1000)) };
  const silent = now - last;
  return silent >= STALL_AFTER_MS ? { kind: 'stalled', seconds: Math.floor(silent / 1000) } : { kind: 'streaming' };
}
