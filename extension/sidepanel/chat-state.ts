/**
 * The conversation as the panel holds it, as a pure reducer over the worker's chat events.
 * The panel keeps what it received even when an answer fails, so nothing is lost.
 */
import type { ChatEvent, ChatMessage } from '../shared/messages';
import type { Attachment } from './usePageContext';

export type TurnStatus = 'streaming' | 'done' | 'stopped' | 'error';

export interface Turn {
  id: string;
  question: string;
  /** Page material sent with the question. */
  attachments?: Attachment[];
  /** The answer's markdown source, as received (its HTML lives in an AnswerDom). */
  text: string;
  /** The model's visible reasoning, if it shows any (plain text, shown collapsed). */
  reasoning?: string;
  status: TurnStatus;
  error?: { code: string; message: string };
  usage?: { inputTokens: number; outputTokens: number };
  finishReason?: string;
}

export type ChatAction =
  | { type: 'ask'; id: string; question: string; attachments?: Attachment[] }
  | { type: 'retry'; id: string }
  | { type: 'event'; id: string; event: ChatEvent };

export function chatReducer(turns: Turn[], action: ChatAction): Turn[] {
  switch (action.type) {
    case 'ask':
      return [
        ...turns,
        { id: action.id, question: action.question, attachments: action.attachments, text: '', status: 'streaming' },
      ];
    case 'retry':
      return update(turns, action.id, (t) => ({
        id: t.id,
        question: t.question,
        attachments: t.attachments,
        text: '',
        status: 'streaming',
      }));
    case 'event':
      return update(turns, action.id, (t) => (t.status === 'streaming' ? applyEvent(t, action.event) : t));
  }
}

function applyEvent(turn: Turn, event: ChatEvent): Turn {
  switch (event.type) {
    case 'chunk':
      return event.text ? { ...turn, text: turn.text + event.text } : turn;
    case 'reasoning':
      return { ...turn, reasoning: (turn.reasoning ?? '') + event.text };
    case 'usage':
      return { ...turn, usage: { inputTokens: event.inputTokens, outputTokens: event.outputTokens } };
    case 'done':
      return { ...turn, status: 'done', finishReason: event.reason };
    case 'stopped':
      return { ...turn, status: 'stopped' };
    case 'error':
      return { ...turn, status: 'error', error: { code: event.code, message: event.message } };
  }
}

function update(turns: Turn[], id: string, change: (turn: Turn) => Turn): Turn[] {
  return turns.map((t) => (t.id === id ? change(t) : t));
}

/**
 * The messages to send when asking `question` after the turns before it. Failed turns are left
 * out (their partial answers would mislead the model); stopped ones keep what arrived.
 */
export function historyFor(turns: Turn[], question: string, attachments?: Attachment[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const user = (content: string, a?: Attachment[]): ChatMessage =>
    a?.length ? { role: 'user', content, attachments: a } : { role: 'user', content };
  for (const t of turns) {
    if (t.status === 'error' || t.status === 'streaming' || t.text === '') continue;
    messages.push(user(t.question, t.attachments), { role: 'assistant', content: t.text });
  }
  messages.push(user(question, attachments));
  return messages;
}

/** A terminal event ends the port's work. */
export function isTerminal(event: ChatEvent): boolean {
  return event.type === 'done' || event.type === 'stopped' || event.type === 'error';
}
