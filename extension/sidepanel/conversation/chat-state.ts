/**
 * The open conversation as the panel holds it: a pure reducer over what the worker sends (stored
 * turns, then each answer's events). The panel keeps what it received even when an answer
 * fails or cannot be stored, so nothing is lost while it is open.
 */
import { newTurn, type ConversationRecord, type ShownTurn, type TurnStatus } from '../../shared/history';
import type { ChatEvent } from '../../shared/protocol';
import { attachmentView, type Attachment, type AttachmentView } from '../../shared/attachment';
import { pathTo, type PathStep } from '../../shared/thread';
import { partStarts } from '../../shared/tools/answer-parts';
import type { ToolStep } from '../../shared/tools/tool-steps';

export type { TurnStatus };

export interface Turn extends ShownTurn {
  /** Why this answer could not be stored, when it could not. */
  saveFailed?: string;
  /** Images the question was sent with whose data was not stored (`opened-images.ts`). */
  imagesMissing?: number;
  /** Its model is being loaded into memory (a model on this computer, before it answers). */
  modelLoading?: boolean;
}

export interface ChatState {
  conversation: ConversationRecord | null;
  turns: Record<string, Turn>;
  leafId: string | null;
}

export const EMPTY_CHAT: ChatState = { conversation: null, turns: {}, leafId: null };

export type ChatAction =
  | { type: 'loaded'; conversation: ConversationRecord; turns: Turn[] }
  | { type: 'new' }
  /** The worker's `turn` event: a new turn becomes the end of the path shown. */
  | { type: 'turn'; turn: ShownTurn; conversation?: ConversationRecord }
  | { type: 'event'; id: string; event: ChatEvent }
  /** A question shown at once that the worker refused: it was never stored. */
  | { type: 'drop'; id: string }
  | { type: 'select'; leafId: string }
  | { type: 'renamed'; title: string }
  | { type: 'systemPrompt'; systemPrompt: string };

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'loaded':
      return {
        conversation: action.conversation,
        turns: Object.fromEntries(action.turns.map((t) => [t.id, t])),
        leafId: action.conversation.leafId,
      };
    case 'new':
      return EMPTY_CHAT;
    case 'turn': {
      const known = action.turn.id in state.turns;
      const conversation = state.conversation ?? action.conversation ?? null;
      if (conversation && conversation.id !== action.turn.conversationId) return state;
      return {
        conversation,
        turns: { ...state.turns, [action.turn.id]: action.turn },
        leafId: known ? state.leafId : action.turn.id,
      };
    }
    case 'event': {
      const turn = state.turns[action.id];
      if (!turn || turn.status !== 'streaming') return state;
      return { ...state, turns: { ...state.turns, [action.id]: applyEvent(turn, action.event) } };
    }
    case 'drop': {
      const { [action.id]: dropped, ...turns } = state.turns;
      if (!dropped) return state;
      return { ...state, turns, leafId: state.leafId === action.id ? dropped.parentId : state.leafId };
    }
    case 'select':
      return { ...state, leafId: action.leafId };
    case 'renamed':
      return state.conversation ? { ...state, conversation: { ...state.conversation, title: action.title } } : state;
    case 'systemPrompt':
      return state.conversation
        ? { ...state, conversation: { ...state.conversation, systemPrompt: action.systemPrompt } }
        : state;
  }
}

function applyEvent(turn: Turn, event: ChatEvent): Turn {
  switch (event.type) {
    case 'chunk':
      return event.text ? { ...turn, answer: turn.answer + event.text } : turn;
    case 'reasoning':
      return { ...turn, reasoning: (turn.reasoning ?? '') + event.text };
    case 'model':
      return { ...turn, answeredBy: event.name };
    case 'modelLoading':
      return { ...turn, modelLoading: event.loading };
    case 'usage':
      return {
        ...turn,
        usage: { inputTokens: event.inputTokens, outputTokens: event.outputTokens, estimated: event.estimated },
      };
    case 'done':
      return { ...turn, status: 'done', finishReason: event.reason };
    case 'stopped':
      return { ...turn, status: 'stopped' };
    case 'error':
      return { ...turn, status: 'error', error: { code: event.code, message: event.message } };
    case 'saveFailed':
      return { ...turn, saveFailed: event.message };
    case 'step':
      return { ...turn, steps: withStep(turn.steps, event.step) };
    case 'roundLimit':
      return { ...turn, roundLimit: event.rounds };
    case 'toolsMissing':
      return { ...turn, toolsMissing: event.missing };
    case 'turn':
    case 'gone':
      return turn;
  }
}

/** The steps with `step` in its place, or added at the end when new. */
function withStep(steps: Turn['steps'], step: ToolStep): ToolStep[] {
  const list = steps ?? [];
  return list.some((s) => s.id === step.id) ? list.map((s) => (s.id === step.id ? step : s)) : [...list, step];
}

/** Whether `step` starts a new part of the turn's answer: new, where no step sat before. */
export function startsPart(turn: Turn | undefined, step: ToolStep): boolean {
  const steps = turn?.steps ?? [];
  return !steps.some((s) => s.id === step.id) && !partStarts(steps).includes(step.at);
}

/** The turns shown, first question first, each with its versions. */
export function shownPath(state: ChatState): PathStep<Turn>[] {
  return pathTo(Object.values(state.turns), state.leafId);
}

/** A terminal event ends the port's work. */
export function isTerminal(event: ChatEvent): boolean {
  return event.type === 'done' || event.type === 'stopped' || event.type === 'error';
}

/**
 * A question shown at once, before the worker has stored it (it then sends the stored turn): in
 * the open conversation, or else in a new one.
 */
export function pendingTurn(
  state: ChatState,
  question: string,
  parentId: string | null,
  attachments: readonly (Attachment | AttachmentView)[] = [],
): ShownTurn {
  const conversationId = state.conversation?.id ?? Object.values(state.turns)[0]?.conversationId ?? crypto.randomUUID();
  const turn = newTurn({ id: crypto.randomUUID(), conversationId, parentId, question });
  const views = attachments.map((a) => ('text' in a ? attachmentView(a) : a));
  return { ...turn, attachments: views.length ? views : undefined };
}
