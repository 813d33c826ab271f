/**
 * How an answer is asked: one streamed request, or, when tools are on offer, the tool loop
 * (`tools/tool-loop.ts`) of requests and calls. The tools offered are those the user has not
 * set to Off, asked for when the answer starts: a server added or switched off meanwhile counts
 * from the next answer.
 */
import type { StoredProvider, StoredSettings } from '../../shared/settings';
import type { ToolRound } from '../../shared/tools/tool-steps';
import { toolResultText, toolsInstruction } from '../core';
import { countingKind, isOnDevice } from '../../shared/on-device/on-device';
import { streamAnswer, type AnswerEvent } from '../providers/provider-stream';
import { exposeTools, type ExposedTools } from '../tools/exposed-tools';
import { joinSources } from '../tools/joined-sources';
import { runToolLoop, type AskModel, type ToolLoopRun } from '../tools/tool-loop';
import type { GlossTools } from '../web/gloss-tools';
import type { WebModeRun } from '../web/web-mode';
import { webModeAnswer } from './web-answer';
import type { OfferedTool, ToolSource } from '../tools/tool-source';
import type { Answer } from './answer';
import type { SentMessage } from './prompt';
import { UPDATE_MS } from './update-rate';
import { estimatingStops } from './usage-estimate';

export interface ToolDeps {
  /** The MCP servers. */
  source: ToolSource;
  /**
   * Gloss's own tools for one answer whose chat searches the web (`given`: the user's addresses;
   * `windowId`: the panel's window, whose tab `read_tab` reads).
   */
  web?: (settings: StoredSettings, given: ReadonlySet<string>, windowId?: number) => GlossTools;
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
  /** The window of the panel that sent the command (the tab beside the chat is its active one). */
  windowId?: number;
  stream?: typeof streamAnswer;
  tools?: ToolDeps;
  /** Kept rounds of the loop to carry on (Continue). */
  rounds?: ToolRound[];
  withoutTools?: boolean;
}

/** Asks for the answer to `fenced` (the conversation as the provider gets it). */
export async function runAnswer(ctx: RunContext, fenced: SentMessage[]): Promise<void> {
  const { answer, settings } = ctx;
  const signal = answer.abort.signal;
  const ask = asker(ctx);
  const post = (event: AnswerEvent) => answer.receive(event);
  const gloss = ctx.web ? ctx.tools?.web?.(settings, ctx.given ?? new Set(), ctx.windowId) : undefined;
  const source = toolSource(ctx, gloss);
  const offered = await toolsFor(ctx, source);
  const missing = source?.missing?.() ?? [];
  // Said in the chat, not only in Settings: the model answers without that server's tools.
  if (missing.length > 0) answer.receive({ type: 'toolsMissing', missing });
  const exposed = exposeTools(offered, new Set(ctx.toolsOff));
  // Stopped before the request went out: none is sent (and none billed).
  if (signal.aborted) {
    post({ type: 'stopped' });
    return;
  }
  const plain = async (messages: SentMessage[]) => ask(messages, { tools: [], onMessage: () => undefined }, post);
  // Web mode: the chat searches the web, and the model answers without tools.
  const webMode = (g: GlossTools) => webModeAnswer(webRun(ctx, g), ask, post, fenced);
  // Web mode: no tools to offer, or Settings → Web says to search with every question first.
  if (gloss && (settings.web.searchFirst || exposed.specs.length === 0)) return webMode(gloss);
  if (!ctx.tools || !source || exposed.specs.length === 0) return plain(fenced);
  // A model that cannot use tools, in a chat that searches the web, gets web mode instead.
  // Refused before any text of this request (a Continue's turn already holds its first part).
  const seen = { refused: false, text: false };
  const loopPost = (event: Parameters<typeof answer.receive>[0]) => {
    seen.text ||= event.type === 'text';
    if (gloss && event.type === 'error' && event.code === 'no_tools' && !seen.text) seen.refused = true;
    else answer.receive(event);
  };
  await loop(ctx, fenced, exposed, source, ask, loopPost);
  if (seen.refused && gloss) await webMode(gloss);
}

function loop(
  ctx: RunContext,
  fenced: SentMessage[],
  exposed: ExposedTools,
  source: ToolSource,
  ask: AskModel,
  post: ToolLoopRun['post'],
): Promise<void> {
  const { answer, settings } = ctx;
  const signal = answer.abort.signal;
  const allowAlways = ctx.tools?.allowAlways ?? (() => Promise.resolve());
  return runToolLoop({
    base: [{ role: 'system', content: toolsInstruction() }, ...fenced],
    rounds: ctx.rounds ?? [],
    steps: answer.turn.steps ?? [],
    maxRounds: settings.toolLimits.maxRounds,
    ask,
    post,
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

/** Asks the model once; the answer updates at most every UPDATE_MS, so its body is decoded no more often. */
function asker(ctx: RunContext): AskModel {
  const { answer, provider, settings } = ctx;
  const stream = ctx.stream ?? streamAnswer;
  const kind = countingKind(provider.kind);
  return (messages, options, post) =>
    stream(provider, messages, estimatingStops(kind, messages, post), answer.abort.signal, settings.timeouts, {
      model: ctx.model,
      batchMs: UPDATE_MS,
      ...options,
    });
}

/** Where this answer's tools come from: the MCP servers, and Gloss's own while it searches the web. */
function toolSource(ctx: RunContext, gloss: GlossTools | undefined): ToolSource | undefined {
  // A model the browser runs calls no tools: none is offered (web mode reads for it).
  if (!ctx.tools || ctx.withoutTools || isOnDevice(ctx.provider.kind)) return undefined;
  return gloss ? joinSources([ctx.tools.source, gloss]) : ctx.tools.source;
}

function webRun(ctx: RunContext, gloss: GlossTools): Omit<WebModeRun, 'silently'> {
  const { answer, settings } = ctx;
  return {
    gloss,
    question: answer.turn.question,
    signal: answer.abort.signal,
    timeoutMs: settings.toolLimits.callTimeoutSeconds * 1000,
    show: (step) => answer.receive({ type: 'step', step }),
    kept: answer.turn.steps,
  };
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
