/**
 * One answer's DOM, patched block by block outside React: frozen blocks are appended once and
 * never touched again, only the tail changes (words added to an open paragraph go in as text,
 * tail-text.ts; anything else builds it again from its HTML). A patch goes in as it arrives, or
 * with the others that came within one frame (apply-pace.ts). Frozen blocks are enhanced
 * (highlighting, math, copy buttons) once, and announced to screen readers once.
 *
 * Frozen blocks go into groups of at most GROUP (`display: contents`, so layout is as if they
 * were the answer's own children). Chromium's MathML stylesheet has `:nth-child` rules that make
 * every insertion restyle the whole of the parent it goes into; with one flat parent, each
 * frozen block restyled all the blocks before it (issue 13's bench: 1.5 s of style recalc for a
 * 30 KB answer with code and math). Now an insertion restyles one group. A full group is sealed:
 * the browser skips its layout and paint while it is off screen (`content-visibility`), which
 * halved the panel's time on a streaming 30 KB answer with code, tables and math.
 */
import './answer.css';
import type { RenderPatch } from '../../../crates/gloss-wasm/pkg/gloss_wasm';
import { announce } from './announcer';
import { ApplyPace } from './apply-pace';
import { CodeTail } from './code-tail';
import { enhance, enhanceAfterFrames, enhanceInFrame, preload } from './enhance';
import { newScope, scopeIds } from './scope-ids';
import { nextTail, type TailChange } from './tail';
import { addedText } from './tail-text';

/**
 * Frozen blocks per group: few, so that a group is sealed (and skipped off screen) soon after it
 * leaves the screen, and restyles cheaply; 8 against 24 took the mixed answer's panel time from
 * 13–15 % to 10–11 % in bench:panel.
 */
const GROUP = 8;

export class AnswerDom {
  readonly root = document.createElement('div');
  private readonly tail = document.createElement('div');
  private code: CodeTail | null = null;
  /**
   * An open table's `<tbody>` or list's `<ul>`/`<ol>`, the nodes `live` and `after` put in, and
   * their HTML as shown.
   */
  private rows: {
    container: Element;
    live: ChildNode[];
    after: ChildNode[];
    liveHtml: string;
    afterHtml: string;
  } | null = null;
  /** The group new frozen blocks go into, until it is full. */
  private group: HTMLElement | null = null;
  private pending: RenderPatch[] = [];
  private readonly pace = new ApplyPace();
  /** The answer has ended: its last patch is (or is about to be) in. */
  private ended = false;
  /** The tail's HTML as shown while it is plain HTML (null while it is rows, code, or new). */
  private tailHtml: string | null = null;
  /** Prefixes this answer's ids, so its in-answer links never lead into another answer. */
  private readonly scope = newScope();
  /**
   * Where tool steps sit between the answer's parts, in order (`answer-parts.ts`): the panel
   * renders each place's steps into its element. A reset clears only the part after the last.
   */
  private readonly places: HTMLElement[] = [];

  constructor() {
    this.root.className = 'answer markdown';
    this.tail.className = 'tail';
    // UI of the panel's own, not part of the rendered answer.
    this.tail.dataset.glossUi = 'tail';
    this.root.append(this.tail);
  }

  enqueue(patch: RenderPatch): void {
    this.pending.push(patch);
    this.pace.arrived(() => this.flush());
  }

  /** Applies every queued patch now. */
  flush(): void {
    this.pace.applying();
    const patches = this.pending;
    this.pending = [];
    let change: TailChange = { kind: 'none' };
    const added: Element[] = [];
    for (const patch of patches) {
      if (patch.reset) this.clearBlocks();
      for (const html of patch.frozen) added.push(...this.appendBlock(html));
      change = nextTail(change, patch);
      if (patch.tailCode) preload('code');
      const rows = patch.tailRows ? patch.tailRows.append + patch.tailRows.live : '';
      if (patch.tail.includes('data-math-style') || rows.includes('data-math-style')) preload('math');
    }
    this.applyTail(change);
    // Work left from earlier blocks (highlighting, math) joins this update, whose frame is drawn
    // anyway, instead of making a frame of its own.
    enhanceInFrame();
    if (added.length > 0) {
      enhance(added);
      announce(added.map((el) => el.textContent).join(' '));
    }
    if (this.ended) enhanceAfterFrames();
  }

  /**
   * The answer has ended (its last patch came before): that patch goes in now, not in the next
   * frame, after the status that says the answer ended; its highlighting and math at once.
   */
  end(): void {
    this.ended = true;
    if (this.pending.length > 0) this.flush();
    else enhanceAfterFrames();
  }

  /** Shows a stored answer at once (not announced: the user opened it, the model did not write it now). */
  load(html: string): void {
    this.loadParts([html]);
  }

  /**
   * Shows an answer stored in parts with tool steps between them; `open`: one is being written
   * after them (a panel joining mid-answer), so a place for steps follows the last part too.
   */
  loadParts(parts: readonly string[], open = false): void {
    for (const place of this.places.splice(0)) place.remove();
    this.clear();
    parts.forEach((html, i) => {
      enhance(this.appendBlock(html));
      if (open || i < parts.length - 1) this.nextPart();
    });
  }

  /**
   * Tool steps were called where the text stands: the part so far is final (its last patch came
   * before), a place for the steps follows it, and the text after them starts a part of its own.
   */
  nextPart(): void {
    if (this.pending.length > 0) this.flush();
    const place = document.createElement('div');
    place.className = 'tool-steps';
    // The panel's own UI (React renders the steps here), not part of the rendered answer.
    place.dataset.glossUi = 'steps';
    this.group = null;
    this.root.insertBefore(place, this.tail);
    this.places.push(place);
  }

  /** The element the steps of the `index`th place render into, once it exists. */
  place(index: number): HTMLElement | undefined {
    return this.places[index];
  }

  /** Forgets the answer. */
  clear(): void {
    this.pending = [];
    this.clearBlocks();
    this.applyTail({ kind: 'html', html: '' });
  }

  /** Safe HTML from the Rust core (raw HTML is never passed through, and the panel's CSP allows
   * no inline script) as nodes; a template takes table rows and list items as they are. */
  private parse(html: string): DocumentFragment {
    const template = document.createElement('template');
    template.innerHTML = scopeIds(html, this.scope);
    return template.content;
  }

  private appendBlock(html: string): Element[] {
    const content = this.parse(html);
    const elements = [...content.children];
    if (!this.group || this.group.childElementCount >= GROUP) {
      // A full group gets no more blocks: it may be skipped while off screen (answer.css).
      const previous = this.group;
      previous?.classList.add('sealed');
      this.group = document.createElement('div');
      // After a sealed group, whose blocks' margins no longer collapse with its own (answer.css).
      this.group.className = previous ? 'blocks follows' : 'blocks';
      // The panel's own structure, not part of the rendered answer.
      this.group.dataset.glossUi = 'blocks';
      this.root.insertBefore(this.group, this.tail);
    }
    this.group.append(content);
    return elements;
  }

  /** Removes the blocks of the part being written (all of them, without tool steps). */
  private clearBlocks(): void {
    const floor = this.places.at(-1);
    const first = () => (floor ? floor.nextSibling : this.root.firstChild);
    for (let node = first(); node && node !== this.tail; node = first()) node.remove();
    this.group = null;
  }

  private applyTail(change: TailChange): void {
    if (change.kind === 'none') return;
    const shown = this.tailHtml;
    this.tailHtml = null;
    if (change.kind === 'html') {
      const html = scopeIds(change.html, this.scope);
      if (html !== shown && !this.addText(this.tail, shown, html)) this.tail.innerHTML = html;
      this.tailHtml = html;
      this.code = null;
      this.rows = null;
    } else if (change.kind === 'rows') {
      this.applyRows(change);
    } else {
      if (change.skeleton !== null || !this.code) {
        this.rows = null;
        this.tail.innerHTML = scopeIds(change.skeleton ?? '', this.scope);
        this.code = new CodeTail(this.tail.querySelector('code') ?? this.tail);
      }
      this.code.update(change.append, change.live);
    }
  }

  /**
   * Puts in only the text `next` adds to `shown`, the HTML that `root` ends in, when that is all
   * it adds (tail-text.ts). False: it changes more, and the caller builds it again.
   */
  private addText(root: Node, shown: string | null, next: string): boolean {
    const added = shown === null ? null : addedText(shown, next);
    if (!added) return false;
    let at: Node = root;
    for (const { tag, newline } of added.path) {
      const newlineNode = newline ? at.lastChild : null;
      if (newline && (newlineNode?.nodeType !== Node.TEXT_NODE || newlineNode.textContent !== '\n')) return false;
      const element = newline ? newlineNode?.previousSibling : at.lastChild;
      if (!(element instanceof Element) || element.localName !== tag) return false;
      at = element;
    }
    const end = at.lastChild;
    if (end instanceof Text) end.appendData(added.text);
    else at.appendChild(document.createTextNode(added.text));
    return true;
  }

  /** Appends the open table's or list's new rows once; replaces only the live ones and what follows. */
  private applyRows(change: Extract<TailChange, { kind: 'rows' }>): void {
    const rows = change.skeleton === null ? this.rows : null;
    // Words added to the item being written, with no row done and nothing after it changed.
    if (rows && change.append === '' && change.after === rows.afterHtml) {
      if (change.live === rows.liveHtml || this.addText(rows.container, rows.liveHtml, change.live)) {
        rows.liveHtml = change.live;
        return;
      }
    }
    const current = rows ?? this.startRows(change.skeleton ?? '');
    for (const node of [...current.live, ...current.after]) node.remove();
    current.container.append(this.parse(change.append));
    const liveNodes = this.parse(change.live);
    current.live = [...liveNodes.childNodes];
    current.container.append(liveNodes);
    const afterNodes = this.parse(change.after);
    current.after = [...afterNodes.childNodes];
    this.tail.append(afterNodes);
    current.liveHtml = change.live;
    current.afterHtml = change.after;
  }

  /** A new open table or list: `skeleton` in the tail, its rows to come. */
  private startRows(skeleton: string): NonNullable<AnswerDom['rows']> {
    this.tail.innerHTML = scopeIds(skeleton, this.scope);
    this.code = null;
    const container = this.tail.querySelector('tbody') ?? this.tail.firstElementChild ?? this.tail;
    this.rows = { container, live: [], after: [], liveHtml: '', afterHtml: '' };
    return this.rows;
  }
}
