/**
 * Which of an answer's incoming events make an update, and when it goes (answer.ts): the events
 * wait in a queue and leave as one stored batch, one render and one message.
 */
import type { AnswerEvent } from '../providers/provider-stream';
import type { LoopEvent } from '../tools/loop-events';
import type { ToolStep } from '../../shared/tools/tool-steps';

/** What an answer takes in order: its request's events, and its tool loop's. */
export type Incoming = AnswerEvent | LoopEvent;

/** An event that ends the answer. */
export type Ending = Extract<AnswerEvent, { type: 'done' | 'stopped' | 'error' }>;

export const isEnding = (event: Incoming): event is Ending =>
  event.type === 'done' || event.type === 'stopped' || event.type === 'error';

/** How soon an update goes (`when`): at once, in the next task, or after a wait. */
export type When = 'now' | 'next' | 'step' | 'batch';

/**
 * When an update for `event` goes:
 * - 'now': the end, with everything before it;
 * - 'next' (the next task): a call's end, and a step that asks the user. A call's end is stored
 *   at once, so a worker stopped after a call ran does not run it again on Continue; but the
 *   loop's next request (the model's, with the results) leaves first, in this task: the write
 *   and the panel's message follow it instead of holding it up (bench:tools);
 * - 'step': a new call waits for its end up to UPDATE_MS; its start to run goes with the next
 *   update, as text does. A quick call then makes one write and one message, not one each for
 *   its start, run and end; a slow one shows within UPDATE_MS, where the text stood when it came;
 * - 'batch': text and the rest, at most one update per UPDATE_MS.
 */
export function when(event: Incoming, isNew: (step: ToolStep) => boolean): When {
  if (isEnding(event)) return 'now';
  if (event.type !== 'step') return 'batch';
  const { asks, status } = event.step;
  if (asks === true || (status !== 'waiting' && status !== 'running')) return 'next';
  return isNew(event.step) ? 'step' : 'batch';
}

/** The soonest update any event in `queue` asks for ('batch' for none). */
export function soonest(queue: readonly Incoming[], isNew: (step: ToolStep) => boolean): When {
  const order: When[] = ['now', 'next', 'step', 'batch'];
  return queue.reduce<When>((soon, e) => {
    const w = when(e, isNew);
    return order.indexOf(w) < order.indexOf(soon) ? w : soon;
  }, 'batch');
}

/**
 * How much of `queue` one update takes: all of it, or up to a new step (`isNew`) that text
 * follows: that text is a part of its own, after the step, and must not join the text before it.
 */
export function batchLength(queue: readonly Incoming[], isNew: (step: ToolStep) => boolean): number {
  const step = queue.findIndex((e) => e.type === 'step' && isNew(e.step));
  const textAfter = step >= 0 && queue.slice(step + 1).some((e) => e.type === 'text' || e.type === 'reasoning');
  return textAfter ? step + 1 : queue.length;
}

/**
 * A batch as one reasoning event and one text event, each joined, then the rest in order: one
 * render patch and one message per update, however the provider interleaves its events (some
 * servers send the counts with every chunk, which kept neighbouring text apart).
 */
export function coalesce(batch: Incoming[]): { text: string; reasoning: string; events: Incoming[] } {
  const joined = (type: 'text' | 'reasoning') => batch.map((e) => (e.type === type ? e.text : '')).join('');
  const text = joined('text');
  const reasoning = joined('reasoning');
  const events: Incoming[] = batch.filter((e) => e.type !== 'text' && e.type !== 'reasoning');
  if (text) events.unshift({ type: 'text', text });
  if (reasoning) events.unshift({ type: 'reasoning', text: reasoning });
  return { text, reasoning, events };
}
