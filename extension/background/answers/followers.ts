/**
 * The panels following one answer (`answer.ts`). During an update, what each is told is held and
 * sent as the update ends, in one port message: each message cost the worker about a quarter of
 * a millisecond however small (bench:tools), and an update of a tool loop tells several things
 * (the text, the model, the counts, a step).
 */
import type { ChatEvent } from '../../shared/protocol';

/** A panel following the answer. With `all`, an update's events reach it together; without, one by one. */
export type Follower = ((event: ChatEvent) => void) & { all?: (events: readonly ChatEvent[]) => void };

export class Followers {
  private readonly set = new Set<Follower>();
  /** While an update runs: what each follower is to be told as it ends. */
  private held: Map<Follower, ChatEvent[]> | undefined;

  get size(): number {
    return this.set.size;
  }

  add(follower: Follower): void {
    this.set.add(follower);
  }

  delete(follower: Follower): void {
    this.set.delete(follower);
  }

  /** An update begins: what it tells waits for `release`. */
  hold(): void {
    this.held ??= new Map();
  }

  /** Tells every follower: at once, or, while an update runs, as it ends. */
  send(event: ChatEvent): void {
    for (const follower of this.set) {
      const held = this.held?.get(follower);
      if (held) held.push(event);
      else if (this.held) this.held.set(follower, [event]);
      else this.tell(follower, [event]);
    }
  }

  /** The update has ended: each follower still following is told what it held, in one message. */
  release(): void {
    const held = this.held;
    this.held = undefined;
    for (const [follower, events] of held ?? []) if (this.set.has(follower)) this.tell(follower, events);
  }

  private tell(follower: Follower, events: readonly ChatEvent[]): void {
    try {
      if (follower.all && events.length > 1) follower.all(events);
      else for (const event of events) follower(event);
    } catch (e) {
      // One broken panel connection must not stop the answer for the others, or its storage.
      console.warn('Gloss: a panel stopped following an answer', e);
      this.set.delete(follower);
    }
  }
}
