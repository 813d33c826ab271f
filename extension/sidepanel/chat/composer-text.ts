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
 * A quick action asks about the quote or about the text in the box; with neither, its prompt
 * goes in the box for the user to finish.
 */
export function quickAction(
  prompt: string,
  draft: string,
  hasAttachment: boolean,
): { send: string } | { fill: string } {
  const text = draft.trim();
  if (text) return { send: `${prompt}\n\n${text}` };
  return hasAttachment ? { send: prompt } : { fill: prompt };
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
