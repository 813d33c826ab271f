/**
 * What the composer does, decided without the DOM: what each key does, a quick action's
 * question, and a refused question handed back (nothing typed since is lost).
 */

/** A quick action's prompt, with `{language}` in the browser's language. */
export function actionPrompt(prompt: string, language: string): string {
  return prompt.replaceAll('{language}', language);
}

/** The browser's language, named in itself ("Deutsch"). */
export function languageName(code: string): string {
  return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
}

/**
 * A quick action asks about the quote or about the text in the box; with neither, about the tab
 * beside the panel (`tabReadable`: the chat has no material yet and Gloss may read the tab);
 * else its prompt goes in the box for the user to finish.
 */
export function quickAction(
  prompt: string,
  draft: string,
  hasAttachment: boolean,
  tabReadable = false,
): { send: string } | { fill: string } | { askTab: string } {
  const text = draft.trim();
  if (text) return { send: `${prompt}\n\n${text}` };
  if (hasAttachment) return { send: prompt };
  return tabReadable ? { askTab: prompt } : { fill: prompt };
}

/** The box after a refused question comes back: the question first, then what was typed since. */
export function withReturned(draft: string, returned: string): string {
  return draft.trim() ? `${returned}\n\n${draft}` : returned;
}

/** What a key does in the question box. */
export type ComposerKey = 'send' | 'stop' | 'cancelEdit' | 'editLast';

/**
 * Enter sends, Shift+Enter adds a line, Esc stops the answer (or cancels an edit), Up in an empty
 * box edits the last question; null: the key types as usual.
 */
export function composerKey(
  key: string,
  box: { shift: boolean; composing: boolean; streaming: boolean; editing: boolean; empty: boolean; hasLast: boolean },
): ComposerKey | null {
  if (key === 'Enter' && !box.shift && !box.composing) return 'send';
  if (key === 'Escape' && box.streaming) return 'stop';
  if (key === 'Escape' && box.editing) return 'cancelEdit';
  if (key === 'ArrowUp' && box.empty && box.hasLast && !box.streaming) return 'editLast';
  return null;
}

/** What a paging key in the question box does to the conversation above it. */
export type ScrollKey = 'pageUp' | 'pageDown' | 'top' | 'bottom';

/**
 * PageUp and PageDown page the conversation (unless the box's own text is long enough to page
 * through); Home and End go to its start and end while the box is empty. With text in the box
 * they (and Ctrl+Home/End, Shift for selecting) keep their editing meaning. Null: the key edits.
 */
export function scrollKey(key: string, box: { empty: boolean; scrolls: boolean; shift: boolean }): ScrollKey | null {
  if (box.shift) return null;
  if (key === 'PageUp' || key === 'PageDown') return box.scrolls ? null : key === 'PageUp' ? 'pageUp' : 'pageDown';
  if (box.empty && key === 'Home') return 'top';
  if (box.empty && key === 'End') return 'bottom';
  return null;
}

/** Where the conversation scrolls for `action`: a page is most of its height, a line of context kept. */
export function scrolledTo(action: ScrollKey, view: { scrollTop: number; clientHeight: number; scrollHeight: number }) {
  const page = Math.max(view.clientHeight - 40, view.clientHeight / 2);
  if (action === 'top') return 0;
  if (action === 'bottom') return view.scrollHeight;
  return view.scrollTop + (action === 'pageUp' ? -page : page);
}
