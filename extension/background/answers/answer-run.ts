/**
 * How an answer is asked: one streamed request, or, when tools are on offer, the tool loop
 * (`tools/tool-loop.ts`) of requests and calls. The tools offered are those the user has not
 * set to Off, asked for when the answer starts: a server added or switched off meanwhile counts
 * from the next answer.
 */
import type { StoredProvider, StoredSettings } from '../../shared/settings';
import type { ToolRound } from '../../shared/tools/tool-steps';
import { toolResultText, toolsInstruction } from '../core';
import { streamAnswer, type AnswerEvent } from '../providers/provider-stream';
import { exposeTools } from '../tools/exposed-tools';
import { runToolLoop, type AskModel } from '../tools/tool-loop';
import type { OfferedTool, ToolSource } from '../tools/tool-source';
import type { Answer } from './answer';
import type { SentMessage } from './prompt';
import { UPDATE_MS } from './update-rate';
import { estimatingStops } from './usage-estimate';

export interface ToolDeps {
  source: ToolSource;
  /** Remembers "Always allow this tool" (its policy becomes Allow). */
  allowAlways: (tool: OfferedTool) => Promise<void>;
}

export interface RunContext {
  answer: Answer;
  provider: StoredProvider;
  model: string | undefined;
  settings: StoredSettings;
  /** The tools switched off for this chat (by `toolKey`). */
  toolsOff?: readonly string[];
  stream?: typeof streamAnswer;
  tools?: ToolDeps;
  /** Kept rounds of the loop to carry on (Continue). */
  rounds?: ToolRound[];
  withoutTools?: boolean;
}

/** Asks for the answer to `fenced` (the conversation as the provider gets it). */
export async function runAnswer(ctx: RunContext, fenced: SentMessage[]): Promise<void> {
  const { answer, provider, settings } = ctx;
  const stream = ctx.stream ?? streamAnswer;
  const signal = answer.abort.signal;
  // The answer updates at most every UPDATE_MS: its body is decoded no more often.
  const ask: AskModel = (messages, options, post) =>
    stream(provider, messages, estimatingStops(provider.kind, messages, post), signal, settings.timeouts, {
      model: ctx.model,
      batchMs: UPDATE_MS,
      ...options,
    });
  const post = (event: AnswerEvent) => answer.receive(event);
  const offered = await toolsFor(ctx);
  const exposed = exposeTools(offered, new Set(ctx.toolsOff));
  // Stopped before the request went out: none is sent (and none billed).
  if (signal.aborted) {
    post({ type: 'stopped' });
    return;
  }
  if (!ctx.tools || exposed.specs.length === 0) return ask(fenced, { tools: [], onMessage: () => undefined }, post);
  const { source, allowAlways } = ctx.tools;
  return runToolLoop({
    base: [{ role: 'system', content: toolsInstruction() }, ...fenced],
    rounds: ctx.rounds ?? [],
    steps: answer.turn.steps ?? [],
    maxRounds: settings.toolLimits.maxRounds,
    ask,
    post: answer.receive,
    calls: {
      exposed,
      source,
      timeoutMs: settings.toolLimits.callTimeoutSeconds * 1000,
      signal,
      show: (step) => answer.receive({ type: 'step', step }),
      ask: (id) => answer.ask(id),
      allowAlways,
      fence: toolResultText,
    },
  });
}

/** The tools this answer may offer: none without tools, or when asked to answer without. */
async function toolsFor(ctx: RunContext): Promise<OfferedTool[]> {
  const anyServer = ctx.settings.mcpServers.some((s) => s.enabled);
  if (!ctx.tools || ctx.withoutTools || !anyServer) return [];
  try {
    return await ctx.tools.source.offered();
  } catch (e) {
    // A source that cannot list its tools leaves them out; the question is still answered.
    console.warn('Gloss: tools could not be listed', e);
    return [];
  }
}
