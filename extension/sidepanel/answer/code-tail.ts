/**
 * An open code block as its text streams in: whole lines go into groups (`.code-lines`, as a
 * frozen block's are, code-lines.ts), and a full group is never touched again, so that the
 * browser lays out and paints only the group being filled, not the whole block, on each update
 * (issue 13's bench: a growing 30 KB block was relaid out and repainted in full every frame).
 * The line still being written (`live`) follows the group's text, in the same group.
 */
import { fillGroups, lineCount, type GroupFill } from './code-lines';

export class CodeTail {
  private group!: HTMLElement;
  private stable!: Text;
  private readonly live = document.createTextNode('');
  private fill: GroupFill = { lines: 0, chars: 0 };

  constructor(private readonly code: Element) {
    this.startGroup();
  }

  /** Adds the text that is final (`append`) and shows the rest as it stands (`live`). */
  update(append: string, live: string): void {
    const { pieces, next } = fillGroups(this.fill, append);
    this.stable.appendData(pieces[0] ?? '');
    for (const piece of pieces.slice(1)) {
      this.seal();
      this.startGroup();
      this.stable.appendData(piece);
    }
    this.fill = next;
    this.live.data = live;
  }

  /** The group is full: its height while skipped off screen (answer.css) is a line per line. */
  private seal(): void {
    this.group.style.setProperty('--lines', String(lineCount(this.stable.data)));
  }

  private startGroup(): void {
    this.group = document.createElement('span');
    this.group.className = 'code-lines';
    this.stable = document.createTextNode('');
    // Moves the live line into the new group, after its text.
    this.group.append(this.stable, this.live);
    this.code.append(this.group);
  }
}
