/**
 * highlight.js's output for a code block, as data in groups of whole lines, so the panel can put
 * a long block's highlighting in a piece at a time (issue 13: a 30 KB block's 11,000 spans put in
 * at once were a long task of their own) and build it without parsing HTML. A span that runs over
 * a group's end (a multi-line string or comment) is closed there and opened again, with the same
 * classes, in the next group: it looks the same.
 *
 * highlight.js writes only `<span class="…">`, `</span>` and text with `& < > " '` escaped; the
 * reader here accepts exactly that and nothing else (null), and checks that the text it read is
 * the code it was given, so what the panel shows is always the code's own text, never markup.
 */

/** Text, or a span with highlight.js's classes around more pieces. */
export type Piece = string | { cls: string; children: Piece[] };

/** A new group starts at the next line's start once a group has this many lines… */
export const GROUP_LINES = 25;
/** …or this many characters. */
export const GROUP_CHARS = 1_500;

const TOKEN = /<span class="([\w\- ]*)">|<\/span>|[^<]+/y;
const ENTITIES = new Map(Object.entries({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" }));

/** The text of escaped HTML text, or null if it has a character reference highlight.js does not write. */
function unescape(html: string): string | null {
  const references = [...html.matchAll(/&([#\w]*);?/g)];
  if (references.some(([reference, name = '']) => !reference.endsWith(';') || !ENTITIES.has(name))) return null;
  return html.replace(/&([#\w]*);/g, (_, name: string) => ENTITIES.get(name) ?? '');
}

/** Builds the groups while reading tokens: `open` are the spans open at this point, outermost first. */
class Grouper {
  private current: Piece[] = [];
  readonly groups: Piece[][] = [this.current];
  private open: { cls: string; children: Piece[] }[] = [];
  private lines = 0;
  private chars = 0;
  private atLineStart = true;

  private get into(): Piece[] {
    return this.open.at(-1)?.children ?? this.current;
  }

  openSpan(cls: string): void {
    this.breakIfFull();
    const span = { cls, children: [] };
    this.into.push(span);
    this.open.push(span);
  }

  /** False for a `</span>` without its `<span>`. */
  closeSpan(): boolean {
    return this.open.pop() !== undefined;
  }

  text(text: string): void {
    for (const line of text.split(/(?<=\n)/)) {
      this.breakIfFull();
      this.into.push(line);
      this.chars += line.length;
      this.atLineStart = line.endsWith('\n');
      if (this.atLineStart) this.lines++;
    }
  }

  /** Groups end only where a line does. */
  private breakIfFull(): void {
    if (this.atLineStart && (this.lines >= GROUP_LINES || this.chars >= GROUP_CHARS)) this.nextGroup();
  }

  /** A new group, with the spans open here opened again in it. */
  private nextGroup(): void {
    this.current = [];
    this.groups.push(this.current);
    let into = this.current;
    this.open = this.open.map(({ cls }) => {
      const span = { cls, children: [] };
      into.push(span);
      into = span.children;
      return span;
    });
    this.lines = 0;
    this.chars = 0;
  }

  get balanced(): boolean {
    return this.open.length === 0;
  }
}

/** highlight.js's HTML for `code` in groups of lines, or null if it is not what highlight.js writes for it. */
export function codeGroups(html: string, code: string): Piece[][] | null {
  const grouper = new Grouper();
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const match = TOKEN.exec(html);
    if (!match) return null;
    if (match[1] !== undefined) grouper.openSpan(match[1]);
    else if (match[0] === '</span>') {
      if (!grouper.closeSpan()) return null;
    } else {
      const text = unescape(match[0]);
      if (text === null) return null;
      grouper.text(text);
    }
  }
  if (!grouper.balanced) return null;
  const groups = grouper.groups.filter((group) => group.length > 0);
  return groups.map(textOf).join('') === code ? groups : null;
}

/** The text pieces hold. */
export function textOf(pieces: Piece[]): string {
  return pieces.map((piece) => (typeof piece === 'string' ? piece : textOf(piece.children))).join('');
}

/**
 * `code`'s plain text in the groups codeGroups makes of its highlighting (the same rule, on the
 * text alone), so a block can be put in groups of lines before its highlighting arrives.
 */
export function lineGroups(code: string): string[] {
  return fillGroups({ lines: 0, chars: 0 }, code).pieces.filter((group) => group !== '');
}

/** The lines a group of lines takes on screen (its last line may have no line end): at least 1. */
export function lineCount(group: string): number {
  return Math.max(1, group.split('\n').length - 1);
}

/** The lines and characters in the group an open code block's text is going into. */
export interface GroupFill {
  lines: number;
  chars: number;
}

/**
 * Text appended to an open code block, cut where its groups end (a new group starts where a line
 * does, once a group has GROUP_LINES lines or GROUP_CHARS characters): the first piece goes into the group being filled, and each later piece starts a
 * new group. `fill` is that group's count before; `next` is the last group's count after.
 */
export function fillGroups(fill: GroupFill, text: string): { pieces: string[]; next: GroupFill } {
  const pieces: string[] = [];
  let piece = '';
  let { lines, chars } = fill;
  for (const line of text.split(/(?<=\n)/)) {
    if (line === '') continue;
    piece += line;
    chars += line.length;
    if (!line.endsWith('\n')) continue;
    lines++;
    if (lines >= GROUP_LINES || chars >= GROUP_CHARS) {
      pieces.push(piece);
      piece = '';
      lines = 0;
      chars = 0;
    }
  }
  pieces.push(piece);
  return { pieces, next: { lines, chars } };
}
