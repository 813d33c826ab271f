/** The messages a question sends, built from the stored conversation (the one source of truth). */
import type { TurnRecord } from '../shared/history';
import type { ChatMessage } from '../shared/messages';
import type { Attachment } from '../shared/settings';

/** Asked after an interrupted answer, which is sent back as the assistant's so far. */
export const CONTINUE_PROMPT =
  'Your previous answer was cut off. Continue it exactly where it stopped, without repeating anything or commenting on the interruption.';

/**
 * The conversation before `question`: earlier turns on the shown path, in order. Failed turns
 * are left out (a partial answer after an error would mislead the model); stopped and
 * interrupted ones keep what arrived.
 */
export function messagesFor(
  before: readonly TurnRecord[],
  question: string,
  attachments: Attachment[] | undefined,
  systemPrompt?: string,
): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (systemPrompt?.trim()) messages.push({ role: 'system', content: systemPrompt.trim() });
  for (const t of before) {
    if (t.status === 'error' || t.status === 'streaming' || t.answer === '') continue;
    messages.push(user(t.question, t.attachments), { role: 'assistant', content: t.answer });
  }
  messages.push(user(question, attachments));
  return messages;
}

/** The messages that ask the model to carry on an interrupted answer. */
export function continueMessages(
  before: readonly TurnRecord[],
  turn: TurnRecord,
  systemPrompt?: string,
): ChatMessage[] {
  return [
    ...messagesFor(before, turn.question, turn.attachments, systemPrompt),
    { role: 'assistant', content: turn.answer },
    { role: 'user', content: CONTINUE_PROMPT },
  ];
}

function user(content: string, attachments?: Attachment[]): ChatMessage {
  return attachments?.length ? { role: 'user', content, attachments } : { role: 'user', content };
}
