/**
 * The tool loop of one answer: the model answers; when it stopped to call tools, their calls
 * are answered (`tool-calls.ts`) and the results go back with its message for the next round,
 * until an answer without calls, the round limit, an error or Stop. The model's text and the
 * steps flow into the answer as they happen (`post`), and each round is kept (`rounds` events)
 * as soon as it is known, so Continue after a stopped worker resumes from the last finished step.
 */
import { plural, t } from '../../shared/i18n';
import type { ToolRound, ToolStep } from '../../shared/tools/tool-steps';
import type { CoreMessage, ToolCall, ToolSpec } from '../core';
import type { AnswerEvent } from '../providers/provider-stream';
import { answerCalls, stepFor, stepId, type CallsContext } from './tool-calls';
import type { LoopEvent } from './loop-events';

/** One model request: its events to `post`, its message to `onMessage` before it resolves. */
export type AskModel = (
  messages: CoreMessage[],
  options: { tools: ToolSpec[]; onMessage: (message: CoreMessage) => void },
  post: (event: AnswerEvent) => void,
) => Promise<void>;

export interface ToolLoopRun {
  /** The conversation up to and including the question, page material fenced. */
  base: CoreMessage[];
  /** Rounds kept from before (Continue); the last may still lack results. */
  rounds: ToolRound[];
  /** Its steps as stored, for calls answered again on Continue. */
  steps: readonly ToolStep[];
  maxRounds: number;
  ask: AskModel;
  post: (event: AnswerEvent | LoopEvent) => void;
  calls: CallsContext;
}

type Ending = Extract<AnswerEvent, { type: 'done' | 'error' | 'stopped' }>;
interface RoundEnd {
  end: Ending;
  calls: ToolCall[];
  steps: ToolStep[];
  message?: CoreMessage;
}

export async function runToolLoop(run: ToolLoopRun): Promise<void> {
  const rounds = [...run.rounds];
  const usage = new UsageSum();
  const last = rounds.at(-1);
  if (last && unanswered(last).length > 0) {
    await finishRound(run, last, rounds.length - 1, rounds);
    if (run.calls.signal.aborted) {
      run.post({ type: 'stopped' });
      return;
    }
  }
  for (let ran = 0; ; ran++) {
    const messages = [
      ...run.base,
      ...rounds.flatMap((r) => [r.assistant as CoreMessage, ...(r.results as CoreMessage[])]),
    ];
    const round = await modelRound(run, messages, rounds.length, usage);
    if (round.end.type !== 'done' || round.calls.length === 0 || !round.message) {
      run.post(round.end);
      return;
    }
    const kept: ToolRound = { assistant: stored(round.message), results: [] };
    rounds.push(kept);
    run.post({ type: 'rounds', rounds: [...rounds] });
    if (ran + 1 >= run.maxRounds) {
      stopAtLimit(run, round, rounds.length);
      return;
    }
    await answerRound(run, kept, round.calls, round.steps, rounds);
    if (run.calls.signal.aborted) {
      run.post({ type: 'stopped' });
      return;
    }
  }
}

/** Streams one model request, holding back the end of an answer that stopped to call tools. */
async function modelRound(
  run: ToolLoopRun,
  messages: CoreMessage[],
  round: number,
  usage: UsageSum,
): Promise<RoundEnd> {
  const out: RoundEnd = {
    end: { type: 'error', code: 'bad_response', message: t('emptyResponse') },
    calls: [],
    steps: [],
  };
  const onMessage = (message: CoreMessage) => (out.message = message);
  await run.ask(messages, { tools: run.calls.exposed.specs, onMessage }, (event) => {
    if (event.type === 'toolCall') {
      const { type: _, ...call } = event;
      const step = stepFor(call, round, run.calls.exposed);
      out.calls.push(call);
      out.steps.push(step);
      run.post({ type: 'step', step });
    } else if (event.type === 'usage') {
      run.post(usage.add(event));
    } else if (event.type === 'done' || event.type === 'error' || event.type === 'stopped') {
      out.end = event;
      // An answer that stopped to call tools goes on; anything else ends it here.
      if (event.type !== 'done' || out.calls.length === 0) return;
      usage.close();
    } else {
      run.post(event);
    }
  });
  return out;
}

/** Answers a round's calls, keeping each result with the round as it comes. */
async function answerRound(
  run: ToolLoopRun,
  kept: ToolRound,
  calls: ToolCall[],
  steps: ToolStep[],
  rounds: ToolRound[],
): Promise<void> {
  const order = new Map(calls.map((c, i) => [c.id, i]));
  const at = (m: CoreMessage) => order.get(m.toolCallId ?? '') ?? 0;
  await answerCalls(calls, steps, run.calls, (result) => {
    kept.results = [...(kept.results as CoreMessage[]), result].sort((a, b) => at(a) - at(b)).map(stored);
    run.post({ type: 'rounds', rounds: [...rounds] });
  });
}

/** Continue: the calls of a kept round that have no result yet, answered now. */
async function finishRound(run: ToolLoopRun, kept: ToolRound, round: number, rounds: ToolRound[]): Promise<void> {
  const calls = unanswered(kept);
  const steps = calls.map((c) => {
    const stored = run.steps.find((s) => s.id === stepId(round, c.id));
    return stored
      ? { ...stored, status: 'waiting' as const, result: undefined, cut: undefined }
      : stepFor(c, round, run.calls.exposed);
  });
  await answerRound(run, kept, calls, steps, rounds);
}

/** A message as a round keeps it (the schema checks only its role and content's form). */
const stored = (message: CoreMessage) => message as ToolRound['assistant'];

/** The calls of a round's message that no result answers. */
function unanswered(round: ToolRound): ToolCall[] {
  const answered = new Set((round.results as CoreMessage[]).map((r) => r.toolCallId));
  const content = (round.assistant as CoreMessage).content;
  const parts = typeof content === 'string' ? [] : content;
  return parts.flatMap((p) => (p.type === 'toolCall' && !answered.has(p.id) ? [toCall(p)] : []));
}

function toCall({ id, name, arguments: args, signature }: ToolCall): ToolCall {
  return { id, name, arguments: args, ...(signature !== undefined ? { signature } : {}) };
}

/** The limit is reached with calls still asked for: they wait, not run, for Continue. */
function stopAtLimit(run: ToolLoopRun, round: RoundEnd, rounds: number): void {
  for (const step of round.steps)
    run.post({
      type: 'step',
      step: { ...step, status: 'skipped', result: plural(rounds, 'stepNotRunLimitOne', 'stepNotRunLimit') },
    });
  run.post({ type: 'roundLimit', rounds });
  run.post(round.end);
}

/** Token counts over the rounds: each round's report added to those before it. */
class UsageSum {
  private before = { inputTokens: 0, outputTokens: 0 };
  private current = { inputTokens: 0, outputTokens: 0 };

  add(event: Extract<AnswerEvent, { type: 'usage' }>): AnswerEvent {
    this.current = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
    return {
      type: 'usage',
      inputTokens: this.before.inputTokens + event.inputTokens,
      outputTokens: this.before.outputTokens + event.outputTokens,
    };
  }

  /** A round has ended: its counts are final. */
  close(): void {
    this.before = {
      inputTokens: this.before.inputTokens + this.current.inputTokens,
      outputTokens: this.before.outputTokens + this.current.outputTokens,
    };
    this.current = { inputTokens: 0, outputTokens: 0 };
  }
}
