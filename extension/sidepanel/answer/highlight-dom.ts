/**
 * Puts a code block's highlighting (groups of lines, code-lines.ts) into its `<code>`, one group
 * per idle-time job: until the last group is in, the lines not yet highlighted stay plain text,
 * so the block's text is the same at every step. The spans are built from text nodes, not parsed
 * from HTML, so the code's text never becomes markup. Each group is a `display: block` element
 * of its own, rendered only near the screen (`content-visibility: auto`, answer.css): a 30 KB
 * block's layout when it froze, and its 11,000 spans' style and layout when highlighted, were
 * long tasks (issue 13); now the browser lays out the lines in view and the lines a job changed.
 */
import { lineCount, lineGroups, textOf, type Piece } from './code-lines';
import type { Job } from './idle-queue';

function build(pieces: Piece[], into: Node): void {
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      into.appendChild(document.createTextNode(piece));
    } else {
      const span = document.createElement('span');
      span.className = piece.cls;
      build(piece.children, span);
      into.appendChild(span);
    }
  }
}

function lines(text: string): HTMLElement {
  const part = document.createElement('span');
  part.className = 'code-lines';
  part.textContent = text;
  // Its height before it is laid out (answer.css): a line per line.
  part.style.setProperty('--lines', String(lineCount(text)));
  return part;
}

/**
 * Puts `code`'s text, `text`, in its groups of lines (plain, until highlightJobs highlights them);
 * done as the block freezes, so the browser lays out only the groups on screen.
 */
export function splitLines(code: Element, text: string): HTMLElement[] {
  const parts = lineGroups(text).map(lines);
  code.replaceChildren(...parts);
  return parts;
}

/**
 * The jobs that highlight the groups of lines `parts` (from splitLines): each replaces one group
 * with its highlighting, so lines not yet highlighted are not laid out again. A job does nothing
 * if its group is no longer in the block, or no longer holds the text highlighted.
 */
export function highlightJobs(parts: HTMLElement[], groups: Piece[][]): Job[] {
  return groups.map((group, i) => () => {
    const part = parts[i];
    const code = part?.parentElement;
    if (!part || !code || part.textContent !== textOf(group)) return;
    const highlighted = lines('');
    highlighted.style.cssText = part.style.cssText;
    build(group, highlighted);
    part.replaceWith(highlighted);
    code.classList.add('hljs');
  });
}
