/**
 * A response body's bytes, handed to the core's decoder in batches: at most one every `everyMs`
 * once text has come (until then each chunk at once: a first chunk that holds only the role or
 * the model must not hold back the first word), and what is left at the end at once. A provider
 * sends a few dozen network chunks a second, and decoding each alone (a call into the core and a
 * parse of what it returns) was a seventh of the worker's time while streaming (issue 13's bench,
 * prose at 50 chunks/s: worker 3.3–3.5 → 2.9–3.0 % busy). The answer shows text at most every
 * UPDATE_MS anyway (update-rate.ts), so batches of that length add no wait: each comes as the
 * answer's next update is due.
 */
import { messageOf } from '../../shared/errors';
import type { StreamEvent } from '../core';

/** The core's decoder, as batches use it. */
export interface Decoder {
  push(bytes: Uint8Array): StreamEvent[];
  finish(): StreamEvent[];
}

export class DecodeBatches {
  private pending: Uint8Array[] = [];
  private last = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Text (or reasoning) was decoded: from now on, bytes wait for their batch. */
  private texted = false;
  /** The decoder has given the answer's end (`done` or `error`): nothing more is decoded. */
  ended = false;

  constructor(
    private readonly decoder: Decoder,
    private readonly everyMs: number,
    /** Takes each decoded event; called from `add` or, for a batch that waited, a timer. */
    private readonly post: (event: StreamEvent) => void,
    /** The answer ended in a batch that waited: the reading can stop. */
    private readonly onEnd: () => void,
  ) {}

  /** Bytes read: decoded now when a batch is due, else with the next batch. True: the answer ended. */
  add(bytes: Uint8Array): boolean {
    if (this.ended) return true;
    this.pending.push(bytes);
    const wait = this.texted ? this.last + this.everyMs - performance.now() : 0;
    if (wait <= 0) this.decode(false);
    else
      this.timer ??= setTimeout(() => {
        try {
          this.decode(false);
        } catch (e) {
          // Off the reading's own path, so said here: the answer ends with what came before.
          this.ended = true;
          this.post({ type: 'error', code: 'bad_response', message: messageOf(e) });
        }
        if (this.ended) this.onEnd();
      }, wait);
    return this.ended;
  }

  /** The body ended (or was cut): what is left, and the decoder's last word on it. */
  end(): void {
    this.decode(true);
  }

  /** The reading stops early (Stop, a time limit): what was read is still passed on. */
  flush(): void {
    this.decode(false);
  }

  /** No more batches (the reading is over): a batch still waiting is dropped with its timer. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private decode(last: boolean): void {
    this.stop();
    if (this.ended) return;
    this.last = performance.now();
    const bytes = joined(this.pending);
    this.pending = [];
    const events = [...(bytes.length > 0 ? this.decoder.push(bytes) : []), ...(last ? this.decoder.finish() : [])];
    for (const event of events) {
      this.texted ||= event.type === 'text' || event.type === 'reasoning';
      this.post(event);
      if (event.type === 'done' || event.type === 'error') {
        this.ended = true;
        return;
      }
    }
  }
}

function joined(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
