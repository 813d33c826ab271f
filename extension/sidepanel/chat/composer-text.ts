/**
 * What the composer sends or puts in the box, decided without the DOM: a quick action's
 * question, a refused question handed back (nothing typed since is lost), and the quote as sent.
 */
import type { Attachment } from '../../shared/attachment';

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

/** The quote as sent: only what fits, when the user chose that (`keptChars` not null). */
export function asSent(attachment: Attachment, keptChars: number | null): Attachment {
  return { ...attachment, text: keptChars === null ? attachment.text : attachment.text.slice(0, keptChars) };
}
