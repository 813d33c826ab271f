/**
 * A question that came with page material to be asked at once ("Summarize this page" from the
 * page's menu: a menu item that says Summarize should summarize, not wait for Send). It is
 * sent only when nothing speaks against it; otherwise it stays in the box, for the user to
 * send: the quote is too long (sending it would cut it, or overflow the model, and the user
 * chooses which), an answer is still being written, or the user has changed the question.
 */

/** What the composer knows when deciding. */
export interface AutoAskState {
  /** The question offered to be asked at once, while it waits. */
  offered: string | null;
  /** The box's text now. */
  draft: string;
  hasAttachment: boolean;
  /** Whether the quote fits the model's window, once the worker has sized it (null before). */
  fits: boolean | null;
  /** An answer is being written, or a question is being edited in the box. */
  busy: boolean;
}

/** `send` it now, `wait` for the quote's size, or `leave` it in the box for the user. */
export function autoAsk(s: AutoAskState): 'send' | 'wait' | 'leave' {
  if (s.offered === null || !s.hasAttachment || s.busy) return 'leave';
  if (s.draft.trim() !== s.offered.trim()) return 'leave';
  if (s.fits === null) return 'wait';
  return s.fits ? 'send' : 'leave';
}
