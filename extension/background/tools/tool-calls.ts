/**
 * Answering the calls of one round: each tool set to Ask waits for the user's decision (Allow
 * once, Always allow, Deny), each allowed one runs, all of them at once, and each result goes
 * back to the model as a tool message, fenced as untrusted data. Nothing runs that was not
 * offered, and nothing set to Ask runs before the click. Every change shows as the call's step.
 */
import { t } from '../../shared/i18n';
import type { ToolStep } from '../../shared/tools/tool-steps';
import type { CoreMessage, ToolCall } from '../core';
import type { ExposedTools } from './exposed-tools';
import { HERE } from './loop-events';
import type { OfferedTool, ToolOutcome, ToolSource } from './tool-source';

export type Decision = 'once' | 'always' | 'deny';

export interface CallsContext {
  exposed: ExposedTools;
  source: ToolSource;
  timeoutMs: number;
  signal: AbortSignal;
  /** Shows a step, new or changed. */
  show: (step: ToolStep) => void;
  /** The user's decision on a step that asks; `deny` once the answer is stopped. */
  ask: (stepId: string) => Promise<Decision>;
  /** Remembers "Always allow this tool". */
  allowAlways: (tool: OfferedTool) => Promise<void>;
  /** A result fenced as untrusted data (the core's `toolResultText`). */
  fence: (tool: string, source: string, text: string) => string;
}

/** Told to the model for a call the user denied. */
export const DENIED = 'The user denied this call. Do not call it again unless the user asks.';

/** The step a call starts as: waiting, where the text stands. */
export function stepFor(call: ToolCall, round: number, exposed: ExposedTools): ToolStep {
  const tool = exposed.byName.get(call.name);
  return {
    id: stepId(round, call.id),
    round,
    at: HERE,
    tool: tool?.tool ?? call.name,
    source: tool?.source ?? '',
    ...(tool?.serverId !== undefined ? { serverId: tool.serverId } : {}),
    arguments: call.arguments,
    status: 'waiting',
  };
}

/** A step's id: its round and its call's id (providers that make no ids repeat them each round). */
export const stepId = (round: number, callId: string): string => `r${round}-${callId}`;

/**
 * Answers `calls` (their steps in `steps`, in the same order); `onResult` is told each result as
 * it comes. Resolves with the results in call order.
 *
 * A call's end is shown just after its result is told: the answer stores both in the one write
 * the end makes at once, so a worker stopped after a call ran finds its result kept, and
 * Continue does not run it again (before, the result waited for the next update).
 */
export async function answerCalls(
  calls: readonly ToolCall[],
  steps: readonly ToolStep[],
  ctx: CallsContext,
  onResult: (result: CoreMessage) => void,
): Promise<CoreMessage[]> {
  return Promise.all(
    calls.map(async (call, i) => {
      let end: ToolStep | undefined;
      const show = (step: ToolStep) =>
        step.status === 'waiting' || step.status === 'running' ? ctx.show(step) : (end = step);
      const result = await answerCall(call, steps[i] ?? stepFor(call, 0, ctx.exposed), { ...ctx, show });
      onResult(result);
      if (end) ctx.show(end);
      return result;
    }),
  );
}

async function answerCall(call: ToolCall, step: ToolStep, ctx: CallsContext): Promise<CoreMessage> {
  const tool = ctx.exposed.byName.get(call.name);
  // The decoder refuses names not offered; this holds even if a call reached here another way.
  if (!tool) return refuse(call, step, ctx, t('stepUnknownTool', call.name), `There is no tool named ${call.name}.`);
  const rule = await ctx.source.asksFirst?.(tool, call.arguments);
  if (tool.policy !== 'allow' || rule) {
    step = rule ? { ...step, asksBecause: rule.because, ...(rule.access ? { access: rule.access } : {}) } : step;
    ctx.show({ ...step, status: 'waiting', asks: true });
    const decision = ctx.signal.aborted ? 'deny' : await ctx.ask(step.id);
    if (ctx.signal.aborted) {
      return refuse(call, step, ctx, t('stepStoppedFirst'), 'The user stopped the answer.', 'skipped');
    }
    if (decision === 'deny') return refuse(call, step, ctx, t('stepDenied'), DENIED, 'denied');
    // "Always allow" covers the tool, not a call its own rule asks about.
    if (decision === 'always' && !rule) await ctx.allowAlways(tool).catch(() => undefined);
  }
  return run(call, step, tool, ctx);
}

async function run(call: ToolCall, step: ToolStep, tool: OfferedTool, ctx: CallsContext): Promise<CoreMessage> {
  const startedAt = Date.now();
  ctx.show({ ...step, status: 'running', startedAt });
  const began = performance.now();
  const outcome: ToolOutcome = await ctx.source.call(tool, call.arguments, ctx.signal, ctx.timeoutMs);
  const ms = Math.round(performance.now() - began);
  ctx.show({
    ...step,
    status: outcome.isError ? 'failed' : 'done',
    startedAt,
    ms,
    result: outcome.text,
    ...(outcome.cut ? { cut: outcome.cut } : {}),
    ...(outcome.sources?.length ? { sources: outcome.sources } : {}),
  });
  return result(call, ctx.fence(tool.tool, tool.source, outcome.text), outcome.isError);
}

/** A call answered without running: the user sees `shown`, the model is told `told`. */
function refuse(
  call: ToolCall,
  step: ToolStep,
  ctx: CallsContext,
  shown: string,
  told: string,
  status: 'failed' | 'denied' | 'skipped' = 'failed',
): CoreMessage {
  ctx.show({ ...step, status, result: shown });
  return result(call, told, true);
}

function result(call: ToolCall, content: string, isError: boolean): CoreMessage {
  return { role: 'tool', toolCallId: call.id, name: call.name, content, ...(isError ? { isError } : {}) };
}
