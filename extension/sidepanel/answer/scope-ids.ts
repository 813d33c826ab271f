/**
 * Ids unique to each answer. The core gives headings and footnotes the same ids in every answer
 * (`gloss-h-intro`, `fn-1`), and the panel shows every answer of a conversation in one document,
 * so a footnote link in one answer would scroll to another's. Each answer's view prefixes its
 * ids, and its in-answer links with them, as its HTML is inserted.
 */

// The core's HTML escapes `"` in text and in attribute values, so ` id="` and ` href="` can
// only be attributes, never something the model wrote.
const ATTRIBUTE = / (id|href)="(#?)([^"]*)"/g;

let answers = 0;

/** A prefix no other answer in this panel uses. */
export function newScope(): string {
  answers += 1;
  return `a${answers}-`;
}

/** `html` with every id prefixed by `scope`, and every `#…` link pointing at the prefixed id. */
export function scopeIds(html: string, scope: string): string {
  return html.replace(ATTRIBUTE, (whole, name: string, hash: string, value: string) => {
    if (name === 'id') return ` id="${scope}${value}"`;
    return hash ? ` href="#${scope}${value}"` : whole;
  });
}
