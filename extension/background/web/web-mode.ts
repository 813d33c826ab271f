/**
 * Web mode, for a model that cannot call tools: Gloss searches with the question itself, reads
 * the first results it may read without asking (found by this search, not private, a site it
 * has access to) within one budget, and sends them with the question as numbered, fenced
 * sources. The search and each read show as steps, as the tools' do, so the answer's "[2]" links
 * to its page and the user sees what was sent.
 */
import type { ToolStep } from '../../shared/tools/tool-steps';
import { toolResultText, toolsInstruction } from '../core';
import type { SentMessage } from '../answers/prompt';
import { HERE } from '../tools/loop-events';
import type { OfferedTool, ToolOutcome } from '../tools/tool-source';
import type { GlossTools } from './gloss-tools';

/** Pages read at most, and the characters of them all together (about 6,000 tokens). */
export const WEB_MODE_PAGES = 3;
export const WEB_MODE_CHARS = 24_000;
/** Web mode's steps' ids start so (a model's own calls have the provider's ids). */
const STEP_ID = 'web-';
/** A search query is the question's start: engines take a few words, not a page. */
const QUERY_CHARS = 200;

export const WEB_INSTRUCTION =
  'Web sources for the question follow, each numbered like [1]. Answer from them where they help, and cite a source by its number in brackets right after what it supports. Cite only the numbers given.';

export const QUERY_PROMPT =
  'Write a short web search query (a few words, no quotes) that finds what the question below needs, given the conversation so far. Answer with the query only.';

export interface WebModeRun {
  gloss: GlossTools;
  question: string;
  /** Asks the model for the text of an answer to `messages`, with no tools and nothing shown. */
  silently?: (messages: SentMessage[]) => Promise<string>;
  signal: AbortSignal;
  timeoutMs: number;
  show: (step: ToolStep) => void;
  /** This answer's steps so far: a Continue is sent the sources its first part was, not new ones. */
  kept?: readonly ToolStep[];
}

/** `fenced` with the web's sources for `question` before it, and the instructions to use them. */
export async function withWebSources(run: WebModeRun, fenced: SentMessage[]): Promise<SentMessage[]> {
  const kept = keptSources(run.kept);
  if (kept.length > 0) return withSources(fenced, kept);
  const query = (await searchQuery(run, fenced)).slice(0, QUERY_CHARS);
  // Off in Settings → Tools holds here too; the switch itself is the user's yes to searching.
  const off = new Set((await run.gloss.offered()).filter((t) => t.policy === 'off').map((t) => t.tool));
  if (off.has('web_search') || query === '') return fenced;
  const searched = await step(run, 'web_search', { query }, () =>
    run.gloss.call(tool('web_search'), { query }, run.signal, run.timeoutMs),
  );
  const texts = searched.isError ? [] : [searched.text];
  const readable = [];
  for (const source of searched.sources ?? []) {
    if (readable.length >= WEB_MODE_PAGES || off.has('fetch_url')) break;
    if (!(await run.gloss.asksFirst(tool('fetch_url'), { url: source.url }))) readable.push(source.url);
  }
  const share = Math.floor(WEB_MODE_CHARS / Math.max(1, readable.length));
  const pages = await Promise.all(
    readable.map((url) => step(run, 'fetch_url', { url }, () => run.gloss.read(url, run.signal, share))),
  );
  for (const page of pages) if (!page.isError) texts.push(page.text);
  return withSources(fenced, texts);
}

/** `fenced` with `texts` (a search's results, pages read) fenced and numbered before the question. */
function withSources(fenced: SentMessage[], texts: string[]): SentMessage[] {
  if (texts.length === 0) return fenced;
  const sources = texts.map((text) => toolResultText('web', 'Gloss', text)).join('\n\n');
  return [{ role: 'system', content: `${toolsInstruction()}\n\n${WEB_INSTRUCTION}` }, ...before(fenced, sources)];
}

/**
 * What web mode sent with this answer's first part, read back from its steps (their results
 * are the texts sent): Continue carries on from the same numbered sources, without searching
 * and reading again, and adds no steps.
 */
function keptSources(steps: readonly ToolStep[] = []): string[] {
  return steps.flatMap((s) => (s.id.startsWith(STEP_ID) && s.status === 'done' && s.result ? [s.result] : []));
}

/**
 * What to search for: the question itself, or, for a follow-up ("and in winter?"), a query the
 * model writes from the conversation first; its own failure falls back to the question.
 */
async function searchQuery(run: WebModeRun, fenced: SentMessage[]): Promise<string> {
  const question = run.question.trim();
  if (!run.silently || fenced.filter((m) => m.role === 'user').length < 2) return question;
  const asked = replaceLastUser(fenced, `${QUERY_PROMPT}\n\nQuestion: ${question}`);
  const written = await run.silently(asked).catch(() => '');
  const line =
    written
      .trim()
      .split('\n')[0]
      ?.replace(/^["'“„]+|["'”“]+$/g, '')
      .trim() ?? '';
  return line || question;
}

function replaceLastUser(fenced: SentMessage[], content: string): SentMessage[] {
  const at = fenced.findLastIndex((m) => m.role === 'user');
  return fenced.map((m, i) => (i === at ? { role: 'user', content } : m));
}

/** The sources in the last user message, before what it says (its material and question). */
function before(fenced: SentMessage[], sources: string): SentMessage[] {
  const at = fenced.findLastIndex((m) => m.role === 'user');
  const last = fenced[at];
  if (!last) return fenced;
  const content =
    typeof last.content === 'string'
      ? `${sources}\n\n${last.content}`
      : [{ type: 'text' as const, text: sources }, ...last.content];
  return fenced.map((m, i) => (i === at ? { ...last, content } : m));
}

/** Runs one of the web's steps, shown running and then with its outcome. */
async function step(
  run: WebModeRun,
  name: 'web_search' | 'fetch_url',
  args: Record<string, unknown>,
  work: () => Promise<ToolOutcome>,
): Promise<ToolOutcome> {
  const shown: ToolStep = {
    id: `${STEP_ID}${name}-${String(args.url ?? args.query)}`.slice(0, 300),
    round: 0,
    at: HERE,
    tool: name,
    source: 'Gloss',
    arguments: args,
    status: 'running',
    startedAt: Date.now(),
  };
  run.show(shown);
  const began = performance.now();
  const outcome = await work();
  run.show({
    ...shown,
    status: outcome.isError ? 'failed' : 'done',
    ms: Math.round(performance.now() - began),
    result: outcome.text,
    ...(outcome.cut ? { cut: outcome.cut } : {}),
    ...(outcome.sources?.length ? { sources: outcome.sources } : {}),
  });
  return outcome;
}

/** Gloss's tool as its source names it (the policy is not asked: web mode is the user's switch). */
const tool = (name: 'web_search' | 'fetch_url'): OfferedTool => ({
  source: 'Gloss',
  tool: name,
  description: '',
  parameters: {},
  policy: 'allow',
});
