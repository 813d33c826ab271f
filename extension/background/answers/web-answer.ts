/**
 * An answer in web mode (`web/web-mode.ts`): the web's sources gathered first (for a follow-up,
 * with a search query the model writes), then the answer to the conversation with them. The
 * query's request is the user's spend too: its token counts are added to the answer's, so the
 * turn's usage says what the whole answer cost.
 */
import type { AnswerEvent, Post } from '../providers/provider-stream';
import type { AskModel } from '../tools/tool-loop';
import { withWebSources, type WebModeRun } from '../web/web-mode';
import type { SentMessage } from './prompt';

type Usage = { inputTokens: number; outputTokens: number };

const NO_TOOLS = { tools: [], onMessage: () => undefined };

export async function webModeAnswer(
  run: Omit<WebModeRun, 'silently'>,
  ask: AskModel,
  post: Post,
  fenced: SentMessage[],
): Promise<void> {
  let spent: Usage = { inputTokens: 0, outputTokens: 0 };
  const silently = async (messages: SentMessage[]) => {
    let text = '';
    await ask(messages, NO_TOOLS, (e) => {
      if (e.type === 'text') text += e.text;
      // The model loads into memory during the first of these asks: the panel says so.
      if (e.type === 'modelLoading') post(e);
      // A request's last report holds its counts (some servers report with every chunk).
      if (e.type === 'usage') spent = { inputTokens: e.inputTokens, outputTokens: e.outputTokens };
    });
    return text;
  };
  const messages = await withWebSources({ ...run, silently }, fenced);
  await ask(messages, NO_TOOLS, (e) => post(withSpent(e, spent)));
}

function withSpent(event: AnswerEvent, spent: Usage): AnswerEvent {
  if (event.type !== 'usage') return event;
  return {
    ...event,
    inputTokens: event.inputTokens + spent.inputTokens,
    outputTokens: event.outputTokens + spent.outputTokens,
  };
}
