/**
 * Token counts for an answer the user stopped. Providers report usage only at the end of a
 * stream (OpenAI's `include_usage` chunk, Anthropic's last `message_delta`, Ollama's `done`
 * line), so a stopped request never hears it. Rather than show nothing, the stop carries the
 * core's estimate of what was sent and received (the same one that sizes quotes), marked as an
 * estimate so the panel says "about".
 */
import type { SentMessage } from './prompt';
import { contentTokens, type ProviderKind } from '../core';
import type { AnswerEvent, Post } from '../providers/provider-stream';

/** `post`, with an estimate added to a `stopped` that came before any reported usage. */
export function estimatingStops(kind: ProviderKind, sent: readonly SentMessage[], post: Post): Post {
  let reported = false;
  let received = '';
  return (event: AnswerEvent) => {
    if (event.type === 'usage') reported = true;
    if (event.type === 'text' || event.type === 'reasoning') received += event.text;
    if (event.type !== 'stopped' || reported) {
      post(event);
      return;
    }
    const inputTokens = sent.reduce((sum, m) => sum + contentTokens(kind, m.content), 0);
    post({ type: 'stopped', estimate: { inputTokens, outputTokens: contentTokens(kind, received) } });
  };
}
