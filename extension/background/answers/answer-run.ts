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
import { joinSources } from '../tools/joined-sources';
import { runToolLoop, type AskModel } from '../tools/tool-loop';
import type { OfferedTool, ToolSource } from '../tools/tool-source';
import type { Answer } from './answer';
import type { SentMessage } from './prompt';
import { UPDATE_MS } from './update-rate';
import { estimatingStops } from './usage-estimate';

export interface ToolDeps {
  /** The MCP servers. */
  source: ToolSource;
  /** Gloss's own tools for one answer whose chat searches the web (`given`: the user's addresses). */
  web?: (settings: StoredSettings, given: ReadonlySet<string>) => ToolSource;
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
  /** The chat's "Search the web" is on: Gloss's own tools are offered too. */
  web?: boolean;
  /** The addresses the user wrote or added in the chat (`givenAddresses`). */
  given?: ReadonlySet<string>;
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
  const source = toolSource(ctx);
  const offered = await toolsFor(ctx, source);
  const exposed = exposeTools(offered, new Set(ctx.toolsOff));
  // Stopped before the request went out: none is sent (and none billed).
  if (signal.aborted) {
    post({ type: 'stopped' });
    return;
  }
  if (!ctx.tools || !source || exposed.specs.length === 0)
    return ask(fenced, { tools: [], onMessage: () => undefined }, post);
  const { allowAlways } = ctx.tools;
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

/** Where this answer's tools come from: the MCP servers, and Gloss's own while it searches the web. */
function toolSource(ctx: RunContext): ToolSource | undefined {
  if (!ctx.tools || ctx.withoutTools) return undefined;
  const { source, web } = ctx.tools;
  return ctx.web && web ? joinSources([source, web(ctx.settings, ctx.given ?? new Set())]) : source;
}

/** The tools this answer may offer: none without tools, or when asked to answer without. */
async function toolsFor(ctx: RunContext, source: ToolSource | undefined): Promise<OfferedTool[]> {
  const anyServer = ctx.settings.mcpServers.some((s) => s.enabled);
  if (!source || (!anyServer && !ctx.web)) return [];
  try {
    return await source.offered();
  } catch (e) {
    // A source that cannot list its tools leaves them out; the question is still answered.
    console.warn('Gloss: tools could not be listed', e);
    return [];
  }
}
