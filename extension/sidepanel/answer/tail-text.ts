/**
 * Most updates of an open paragraph (or of the list item being written) only add words at its
 * end: the new HTML is the shown one with plain text put in before one of its closing tags.
 * Then AnswerDom adds that text to the text already shown instead of building the tail again
 * from its HTML: parsing it, and laying out and shaping the whole paragraph anew, each update
 * (issue 13: in a profile of prose at 50/s, rebuilding the tail was a sixth of the panel's
 * script samples, and the layout it forced most of another half). Only text with nothing the
 * HTML parser would read as markup qualifies (no `<`, `>` or `&`: the core escapes those, so
 * they come as entities), and only where the parser would put text as it is: the result is the
 * same DOM as parsing the new HTML, node for node, as the render e2e checks.
 */

/**
 * Where added text goes: the elements from the tail's last one down, each by its tag name and
 * whether a newline follows it (the core writes one after a block's closing tag, and the parser
 * makes it a text node of its own).
 */
export interface AddedText {
  text: string;
  path: { tag: string; newline: boolean }[];
}

/**
 * Text the HTML parser takes as it is: no markup or entities, and no carriage return or NUL,
 * which it would turn into a newline or drop (the core writes neither, but the DOM must stay the
 * parser's whatever the text).
 */
const PLAIN = /^[^<>&\r\0]+$/;
/** The closing tags at the end of a tail, with the newlines the core puts after block tags. */
const CLOSING = /(?:<\/[a-z][a-z0-9]*>\n?)+$/;
/** Elements whose text the parser moves (tables) or treats apart (a `pre`'s first newline). */
const PARSED_APART = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'pre', 'textarea']);

/**
 * The text `next` adds to `shown` before one of the closing tags it ends in (after an element
 * that closed, or inside one still open), or null if it changes more.
 */
export function addedText(shown: string, next: string): AddedText | null {
  const run = CLOSING.exec(shown);
  if (!run || next.length <= shown.length) return null;
  const tags = [...run[0].matchAll(/<\/([a-z][a-z0-9]*)>(\n?)/g)];
  // From the outermost closing tag in: at most one place leaves plain text between.
  for (let i = tags.length - 1; i >= 0; i--) {
    const at = run.index + (tags[i]?.index ?? 0);
    const suffix = shown.slice(at);
    if (!next.startsWith(shown.slice(0, at)) || !next.endsWith(suffix)) continue;
    const text = next.slice(at, next.length - suffix.length);
    if (!PLAIN.test(text)) continue;
    const path = tags.slice(i).map((m) => ({ tag: m[1] ?? '', newline: m[2] === '\n' }));
    return path.some(({ tag }) => PARSED_APART.has(tag)) ? null : { text, path: path.reverse() };
  }
  return null;
}
