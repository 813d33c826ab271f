/**
 * How the worker's news reaches an answer's view (AnswerDom, patched outside React): a stored
 * answer shown whole or in parts around its tool steps, a new part after steps, the end.
 */
import type { TurnView } from '../../shared/history';
import type { ChatEvent } from '../../shared/protocol';
import type { AnswerView } from './chat-session';
import { isTerminal, startsPart, type Turn } from './chat-state';

/** Shows a stored answer: whole, or in parts with its tool steps' places between them. */
export function loadAnswer(view: AnswerView, turn: Pick<TurnView, 'html' | 'parts'>): void {
  if (turn.parts) view.loadParts(turn.parts);
  else if (turn.html) view.load(turn.html);
}

/** What an event other than text does to the view, before the turn itself changes (`turn`). */
export function viewEvent(view: AnswerView, turn: Turn | undefined, event: ChatEvent): void {
  if (isTerminal(event)) view.end();
  if (event.type === 'step' && startsPart(turn, event.step)) view.nextPart();
}

/** Continue's fields for asking again without the question's images, or without tools. */
export function leaving(without?: 'images' | 'tools'): { withoutImages?: true; withoutTools?: true } {
  if (without === 'images') return { withoutImages: true };
  return without === 'tools' ? { withoutTools: true } : {};
}
