/**
 * What the model receives, on the TypeScript side (the core's `context.rs` writes the fence):
 * the messages a question sends, built from the stored conversation (the one source of truth),
 * and its page material fenced as untrusted data. The room material has is the core's
 * (`context::material_room`).
 */
import type { TurnRecord } from '../../shared/history';
import type { ChatMessage } from '../../shared/protocol';
import { buildMessages, coreReady, type ChatSpec } from '../core';

/** A message as the provider gets it: its text, or its images and text as parts. */
export type SentMessage = ChatSpec['messages'][number];

/** What a question asks: its words, page material and images. */
type Asked = Pick<TurnRecord, 'question' | 'attachments' | 'images'>;

/** Asked after an interrupted answer, which is sent back as the assistant's so far. */
export const CONTINUE_PROMPT =
  'Your previous answer was cut off. Continue it exactly where it stopped, without repeating anything or commenting on the interruption.';

/**
 * The conversation before `question`: earlier turns on the shown path, in order. Failed turns
 * are left out (a partial answer after an error would mislead the model); stopped and
 * interrupted ones keep what arrived.
 */
export function messagesFor(before: readonly TurnRecord[], asked: Asked, systemPrompt?: string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (systemPrompt?.trim()) messages.push({ role: 'system', content: systemPrompt.trim() });
  for (const t of before) {
    if (t.status === 'error' || t.status === 'streaming' || t.answer === '') continue;
    messages.push(user(t), { role: 'assistant', content: t.answer });
  }
  messages.push(user(asked));
  return messages;
}

/** The messages that ask the model to carry on an interrupted answer. */
export function continueMessages(
  before: readonly TurnRecord[],
  turn: TurnRecord,
  systemPrompt?: string,
): ChatMessage[] {
  return [
    ...messagesFor(before, turn, systemPrompt),
    { role: 'assistant', content: turn.answer },
    { role: 'user', content: CONTINUE_PROMPT },
  ];
}

function user({ question: content, attachments, images }: Asked): ChatMessage {
  return {
    role: 'user',
    content,
    ...(attachments?.length ? { attachments } : {}),
    ...(images?.length ? { images } : {}),
  };
}

/**
 * The conversation as the provider gets it, assembled by the core (`context::build_messages`):
 * a user message's attachments are fenced under one system instruction that they are data, not
 * instructions, and its images become image parts before its text.
 */
export async function withMaterial(messages: ChatMessage[]): Promise<SentMessage[]> {
  await coreReady();
  let instruction: SentMessage | undefined;
  const out = messages.map((m): SentMessage => {
    if (!m.attachments?.length && !m.images?.length) return { role: m.role, content: m.content };
    const images = (m.images ?? []).map(({ mediaType, data }) => ({ mediaType, data }));
    const built = buildMessages(m.content, m.attachments ?? [], images);
    if (built.length > 1) instruction ??= built[0];
    return { role: m.role, content: built.at(-1)?.content ?? m.content };
  });
  return instruction ? [instruction, ...out] : out;
}
