/**
 * Text from elsewhere (a page's title and URL, a conversation title from an imported file) put
 * into Markdown the export writes: it stays text in any Markdown viewer. A title such as
 * `](javascript:…)`, `# heading` or `<script>` must not become a link, a heading or HTML there.
 */

/**
 * The characters that can start Markdown or HTML syntax inside a line, each escaped with a
 * backslash (CommonMark lets any ASCII punctuation be escaped; these are the ones that matter).
 * https://spec.commonmark.org/0.31.2/#backslash-escapes
 */
const SYNTAX = /[\\`*_{}[\]()#+\-.!<>|~&]/g;

/** `text` as literal Markdown text on one line. */
export function markdownText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(SYNTAX, '\\$&');
}

/**
 * An http(s) URL as a link destination, else null. Serialised by the URL parser (which
 * percent-encodes spaces and angle brackets); one with parentheses goes in angle brackets, so
 * they cannot close the link; a backslash would escape what follows, so it is encoded.
 */
function linkTarget(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const href = parsed.href.replace(/[\\<> ]/g, encodeURIComponent);
  return /[()]/.test(href) ? `<${href}>` : href;
}

/**
 * A link to `url` showing `title` (or the URL itself). Only http(s) URLs become links; any other
 * (`javascript:`, `data:`, a `file:` page) is written as text after the title.
 */
export function markdownLink(title: string, url: string): string {
  const label = markdownText(title || url);
  const target = linkTarget(url);
  if (target) return `[${label}](${target})`;
  return title && url ? `${label} (${markdownText(url)})` : label;
}
