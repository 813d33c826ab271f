/**
 * One answer being written, owned by the worker and independent of any panel. Every batch of
 * received text, with the tool steps it brings, is stored before it is sent on, so what a panel
 * has seen is always in storage; a panel that closes just stops following, and one that opens
 * catches up from the renderer's snapshot. Text that arrives within UPDATE_MS makes one batch
 * (one write, one render, one message): a provider sends a few dozen events a second, and
 * handling each alone cost the worker and the panel several times more than the text itself
 * (issue 13's bench). When each batch goes is update-queue.ts's to say.
 */
import { shownTurn, type ConversationRecord, type TurnRecord } from '../../shared/history';
import { localizeError } from '../../shared/i18n';
import type { ChatEvent } from '../../shared/protocol';
import type { AnswerEvent } from '../providers/provider-stream';
import { renderMarkdown, StreamRenderer, type RenderPatch } from '../core';
import { storageProblem } from '../db';
import type { HistoryStore } from '../history/history-store';
import { UPDATE_MS } from './update-rate';
import { HERE, type LoopEvent } from '../tools/loop-events';
import type { Decision } from '../tools/tool-calls';
import { answerParts } from '../../shared/tools/answer-parts';
import type { ToolStep } from '../../shared/tools/tool-steps';
import { AnswerTools } from './answer-tools';
import { Followers, type Follower } from './followers';
import { batchLength, coalesce, isEnding, soonest, when, type Ending, type Incoming, type When } from './update-queue';

export type { Follower } from './followers';

export class Answer {
  readonly abort = new AbortController();
  /** Settles once the answer has ended and its final state was stored (or failed to be). */
  readonly ended: Promise<void>;
  private end!: () => void;
  private readonly followers = new Followers();
  /** Renders the part being written (the whole answer, unless tool steps cut it in parts). */
  private renderer = new StreamRenderer();
  private readonly tools: AnswerTools;
  /**
   * Text no panel has seen rendered: while none follows (the panel closed mid-answer), the text
   * is only stored, and the renderer takes it when one joins, or not at all.
   */
  private unrendered = '';
  private queue: Incoming[] = [];
  private flushing = false;
  /** A flush is due (its timer, or its microtask when the time has come already). */
  private due = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the last update began (`performance.now()`); the first text is shown at once. */
  private lastFlush = Number.NEGATIVE_INFINITY;
  private seq = 0;
  private saveFailed = false;
  /** The answer has ended: later events (a request still winding down) are ignored. */
  private over = false;
  /** Its end is stored and sent (`ended` has settled). */
  private done = false;
  /** Its model is being loaded into memory: a panel that joins now is told so too. */
  private modelLoading = false;

  constructor(
    private readonly store: HistoryStore,
    private readonly conversation: ConversationRecord,
    /** The turn as it stands (its answer grows); stored with status `streaming`. */
    readonly turn: TurnRecord,
  ) {
    this.ended = new Promise((resolve) => {
      this.end = () => {
        // Told before `ended` settles: whoever waits for it finds every follower told.
        this.followers.release();
        this.done = true;
        resolve();
      };
    });
    this.tools = new AnswerTools(turn);
    // Continuing an answer: the renderer starts from the text already there, once a panel follows.
    this.unrendered = turn.answer.slice(this.tools.partStart);
  }

  /**
   * Takes the request's events in order; they are handled one stored batch at a time, at most
   * one per UPDATE_MS (the first text goes at once); the end, a call's end and a question to the
   * user sooner (`when`, update-queue.ts). The model and usage wait with the text (some servers
   * send usage with every chunk), a new call for its end.
   */
  readonly receive = (event: Incoming): void => {
    this.queue.push(event);
    this.schedule(when(event, this.isNew));
  };

  /** A step the answer does not hold yet: it sits where the text stands when it is applied. */
  private isNew = (step: ToolStep): boolean => step.at === HERE && !this.tools.holds(step.id);

  /**
   * Flushes `now`, or in the `next` task. Anything else waits for what arrives in this turn of
   * the event loop (one read of the response can hold several events), and until UPDATE_MS after
   * the last update began ('batch'), or after it came ('step'): by a timer, or, when that time
   * has come (the body is decoded in batches of UPDATE_MS, decode-batches.ts), in a microtask,
   * not a task of its own. A flush running holds everything back, and schedules what came
   * meanwhile as it ends.
   */
  private schedule(soon: When): void {
    if (this.flushing || this.queue.length === 0) return;
    if (soon === 'now') {
      this.cancelDue();
      void this.flush();
      return;
    }
    // Due already: at that time, unless this must go in the next task and that is later.
    if (this.due && (soon !== 'next' || this.timer === undefined)) return;
    this.cancelDue();
    this.due = true;
    const run = () => {
      if (!this.due) return;
      this.cancelDue();
      void this.flush();
    };
    if (soon === 'next') {
      this.timer = setTimeout(run, 0);
      return;
    }
    const wait = soon === 'step' ? UPDATE_MS : this.lastFlush + UPDATE_MS - performance.now();
    // Within a millisecond of its time (a batch's timer and this one's drift apart by less), an
    // update goes now: a timer for the rest was most updates' second task.
    if (wait < 1) queueMicrotask(run);
    else this.timer = setTimeout(run, wait);
  }

  private cancelDue(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due = false;
  }

  /** No more text comes: the answer has ended and its final state is being (or has been) stored. */
  get finished(): boolean {
    return this.over;
  }

  /** Its final state is stored and every follower has been told: there is nothing left to follow. */
  get settled(): boolean {
    return this.done;
  }

  /** Starts sending this answer to `follower`: the turn so far, then every change. */
  follow(follower: Follower): void {
    // The registry hands out only answers that have not settled; this says so if that changes.
    if (this.done) throw new Error('this answer has already ended');
    this.followers.add(follower);
    const parts = this.turn.steps?.length ? answerParts(this.turn.answer, this.turn.steps).slice(0, -1) : undefined;
    const turn = shownTurn(this.turn);
    follower({
      type: 'turn',
      turn,
      conversation: this.conversation,
      ...(parts && { parts: parts.map(renderMarkdown) }),
    });
    if (this.turn.answer.length > this.tools.partStart) follower({ type: 'chunk', text: '', patch: this.catchUp() });
    if (this.modelLoading) follower({ type: 'modelLoading', loading: true });
  }

  unfollow(follower: Follower): void {
    this.followers.delete(follower);
  }

  stop(): void {
    this.abort.abort();
    this.tools.denyAll();
  }

  /** Waits for the user's decision on a tool call (its step's id). */
  ask(stepId: string): Promise<Decision> {
    return this.tools.ask(stepId);
  }

  /** The user's decision on a tool call; false when none was awaited. */
  approve(stepId: string, decision: Decision): boolean {
    return this.tools.approve(stepId, decision);
  }

  /**
   * Everything shown so far, for a follower that joins. Once the answer has ended its renderer
   * is freed (reading it then would fail), so the finished text is rendered whole instead.
   */
  private catchUp(): RenderPatch {
    if (!this.over) {
      if (this.unrendered) this.renderer.push(this.unrendered);
      this.unrendered = '';
      return this.renderer.snapshot();
    }
    return { frozen: [renderMarkdown(this.turn.answer.slice(this.tools.partStart))], tail: '', reset: true };
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.over) return;
    this.flushing = true;
    this.lastFlush = performance.now();
    this.followers.hold();
    try {
      const { text, reasoning, events } = coalesce(this.queue.splice(0, batchLength(this.queue, this.isNew)));
      const end = events.findIndex(isEnding);
      // What the update tells followers is held back (`hold`) until it is stored.
      for (const event of end < 0 ? events : events.slice(0, end)) this.apply(event as Exclude<Incoming, Ending>);
      await this.storeUpdate(text, reasoning);
      // An ending then stores the whole turn; anything after it is ignored.
      const ending = events[end] as Ending | undefined;
      if (ending) await this.finish(ending);
    } catch (e) {
      // A bug here must still end the answer (keeping what arrived), never leave it streaming.
      this.over = true;
      const message = String(e);
      this.turn.status = 'error';
      this.turn.error = { code: 'bad_response', message };
      await this.save(() => this.store.finishTurn(this.turn));
      this.send({ type: 'error', code: 'bad_response', message });
      this.end();
    } finally {
      this.followers.release();
      this.flushing = false;
      // What came during this update: as soon as any of it asks for.
      if (!this.over) this.schedule(soonest(this.queue, this.isNew));
    }
  }

  /** The update's text and the tool state it leaves, in one write (`stream-chunks.ts`). */
  private async storeUpdate(text: string, reasoning: string): Promise<void> {
    const chunk = text || reasoning ? { seq: this.seq++, text, reasoning } : undefined;
    const update = { turnId: this.turn.id, ...(chunk && { chunk }), ...this.tools.changes() };
    if (update.chunk || update.rounds || update.loop) await this.save(() => this.store.storeUpdate(update));
  }

  /** Applies one event that the answer goes on after (its followers are told as the update is sent). */
  private apply(event: Exclude<Incoming, Ending>): void {
    if (isLoopEvent(event)) {
      const { sent, newPart } = this.tools.apply(event);
      if (newPart) this.newPart();
      if (sent) this.send(sent);
      return;
    }
    this.progress(event);
  }

  /** Ends the answer: stores its final state, then tells its followers. */
  private async finish(event: Ending): Promise<void> {
    const turn = this.turn;
    switch (event.type) {
      case 'done':
        turn.status = 'done';
        turn.finishReason = event.reason;
        break;
      case 'stopped':
        turn.status = 'stopped';
        if (event.estimate) {
          turn.usage = { ...event.estimate, estimated: true };
          this.send({ type: 'usage', ...turn.usage });
        }
        break;
      case 'error':
        turn.status = 'error';
        turn.error = { code: event.code, message: localizeError(event.message, event.l10n) };
        break;
    }
    this.over = true;
    // A panel that follows has had all the text rendered (it caught up when it joined).
    if (turn.answer && this.followers.size > 0) this.send({ type: 'chunk', text: '', patch: this.renderer.finish() });
    this.renderer.free();
    await this.save(() => this.store.finishTurn(turn));
    this.send(ended(event, turn));
    this.end();
  }

  /** Applies an event that the answer goes on after: a piece of it, its model or its counts. */
  private progress(event: Exclude<AnswerEvent, Ending>): void {
    const turn = this.turn;
    switch (event.type) {
      case 'text':
        turn.answer += event.text;
        if (this.followers.size === 0) this.unrendered += event.text;
        else this.send({ type: 'chunk', text: event.text, patch: this.renderer.push(event.text) });
        return;
      case 'reasoning':
        turn.reasoning = (turn.reasoning ?? '') + event.text;
        break;
      case 'model':
        turn.answeredBy = event.name;
        break;
      case 'usage':
        turn.usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
        break;
      case 'modelLoading':
        // Not stored: it says what the answer waits for now, not anything about the answer.
        this.modelLoading = event.loading;
        break;
      default:
        // Calls and signed reasoning are the tool loop's; the panel shows its steps.
        return;
    }
    this.send(event);
  }

  /**
   * Tool steps sit where the text stands: the part written so far is final, and what the model
   * writes next renders as a part of its own after them.
   */
  private newPart(): void {
    if (this.followers.size > 0) this.send({ type: 'chunk', text: '', patch: this.renderer.finish() });
    this.renderer.free();
    this.renderer = new StreamRenderer();
    this.unrendered = '';
  }

  /** A failed write is reported once; the answer goes on (the panel still holds it). */
  private async save(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (e) {
      if (this.saveFailed) return;
      this.saveFailed = true;
      this.send({ type: 'saveFailed', message: storageProblem(e) });
    }
  }

  private send(event: ChatEvent): void {
    this.followers.send(event);
  }
}

/** What the tool loop tells the answer (`loop-events.ts`), kept by `AnswerTools`. */
const LOOP_EVENTS: ReadonlySet<string> = new Set<LoopEvent['type']>(['step', 'rounds', 'roundLimit', 'toolsMissing']);
const isLoopEvent = (event: Incoming): event is LoopEvent => LOOP_EVENTS.has(event.type);

/** The panel's event for an answer's end (as stored in `turn`). */
function ended(event: Ending, turn: TurnRecord): ChatEvent {
  if (event.type === 'error') return { type: 'error', code: event.code, message: turn.error?.message ?? '' };
  return event.type === 'stopped' ? { type: 'stopped' } : event;
}
