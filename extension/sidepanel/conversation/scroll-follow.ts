/**
 * Keeps the conversation scrolled to its end while an answer grows, unless the reader scrolled
 * up. The answer changes many times a second and reading `scrollHeight` forces a layout, so the
 * end is followed at most once per animation frame (issue 13: following on every mutation cost
 * the panel a forced layout per chunk). A conversation shown again (back from Settings or
 * History) returns to where its reader was; one shown for the first time, or in a reopened
 * panel, starts at its latest answer (issue 12: both used to land at the top).
 */

import { browserFrames, type Frames } from '../frames';

/** How close to the bottom counts as "at the latest". */
export const NEAR_BOTTOM = 40;

/** How long after the reader's wheel, key, touch or pointer a scroll counts as theirs. */
const INTENT_MS = 1_000;

/** The scrolling list, as far as following needs it. */
export type Scroller = Pick<HTMLElement, 'scrollTop' | 'scrollHeight' | 'clientHeight'>;

/**
 * Where the reader left each conversation shown in this panel: a scroll offset, or null for
 * "at the latest" (which stays at the end however much was added since). One for the panel's
 * life, since the list itself is unmounted while Settings or History is shown.
 */
export type Places = Map<string, number | null>;
const panelPlaces: Places = new Map();

export class ScrollFollow {
  private following = true;
  private frame = 0;
  /** Changed since this frame scrolled. */
  private dirty = false;
  /** The frame (its animation time) that last scrolled. */
  private scrolledIn = Number.NaN;
  /** The list while it is shown (an empty conversation has none). */
  private shown: Scroller | null = null;
  /** Which conversation is shown, for remembering its place. */
  private key: string | null = null;
  /**
   * Where following last scrolled to. Its scroll event comes a frame later, and content added in
   * between puts the end further away than NEAR_BOTTOM: a position at or below this one is still
   * the follower's own, not the reader scrolling up (under load this stopped following mid-answer).
   */
  private followedTo = Number.POSITIVE_INFINITY;
  /**
   * How tall the content was when following last scrolled. Content that changed since can move
   * the offset by itself: a group of blocks sized by estimate (answer.css) shrinks, the browser
   * clamps the offset, and by its scroll event the answer has grown again. Such a move is the
   * reader's only if they just acted (`intent`).
   */
  private followedHeight = 0;
  /** When the reader last used the wheel, a key, a touch or the pointer in the panel. */
  private intentAt = Number.NEGATIVE_INFINITY;

  constructor(
    /** Whether new content is out of sight below (the "Jump to latest" button shows). */
    private readonly onBehind: (behind: boolean) => void,
    private readonly frames: Frames = browserFrames,
    private readonly places: Places = panelPlaces,
  ) {}

  /**
   * The content changed: follow it now if this frame has not yet scrolled, else once on the next
   * frame. An answer's patch goes in as it arrives (answer/apply-pace.ts), so the scroll comes
   * before the frame that shows the text: its layout is the one that frame needs anyway, and its
   * scroll event is fired in that frame, not in one more after it. Which frame it is comes from
   * the animation clock, not from a frame asked for after each scroll: that empty frame doubled
   * the frames the panel drew while streaming (issue 13's bench).
   */
  changed(): void {
    if (!this.following) {
      this.onBehind(true);
      return;
    }
    const frame = this.frames.now();
    if (frame === this.scrolledIn) {
      this.dirty = true;
      this.frame ||= this.frames.request(() => {
        this.frame = 0;
        if (this.dirty) this.changed();
      });
      return;
    }
    this.scrolledIn = frame;
    this.dirty = false;
    const list = this.shown;
    if (!list) return;
    // The reader scrolled up since following last did, and the scroll event for it is still to
    // come (a frame later): their move wins, rather than being undone by the next patch.
    if (list.scrollTop < this.followedTo - 1 && !this.settle(list)) return;
    this.toBottom(list);
  }

  private toBottom(list: Scroller): void {
    this.followedHeight = list.scrollHeight;
    list.scrollTop = this.followedHeight;
    // Layout is fresh (scrollHeight was just read), so reading back the clamped offset is cheap.
    this.followedTo = list.scrollTop;
  }

  /** The list was scrolled (by the reader, or by following): follow again only near the end. */
  readonly scrolled = (): void => {
    if (this.shown) this.settle(this.shown);
  };

  /** Whether `list`, where it is now, still follows the end (and what follows from that). */
  private settle(list: Scroller): boolean {
    const { scrollHeight, scrollTop, clientHeight } = list;
    const moved = scrollHeight !== this.followedHeight && this.frames.now() - this.intentAt > INTENT_MS;
    const ownScroll = this.following && (scrollTop >= this.followedTo - 1 || moved);
    this.following = ownScroll || scrollHeight - scrollTop - clientHeight < NEAR_BOTTOM;
    // From here on, only a scroll up from this position is the reader's.
    this.followedTo = this.following ? scrollTop : Number.POSITIVE_INFINITY;
    this.onBehind(!this.following);
    if (this.key !== null) this.places.set(this.key, this.following ? null : scrollTop);
    return this.following;
  }

  /**
   * Stops following for a move of the reader's own that changes the content (an edit box opened
   * above, another version shown): the next change must not pull the list back to its end. The
   * scroll event of that move decides again whether the reader is at the end.
   */
  readonly hold = (): void => {
    this.following = false;
    this.followedTo = Number.POSITIVE_INFINITY;
  };

  /** The reader used the wheel, a key, a touch or the pointer: a scroll now may be theirs. */
  readonly intent = (): void => {
    this.intentAt = this.frames.now();
  };

  /** Back to the end, and following it. */
  readonly jump = (): void => {
    this.following = true;
    this.intentAt = Number.NEGATIVE_INFINITY;
    this.onBehind(false);
    if (this.key !== null) this.places.set(this.key, null);
    const list = this.shown;
    if (list) this.toBottom(list);
  };

  /**
   * Follows `list`, the conversation `key`, from now on (null while there is none), and puts the
   * reader back where they left it, or at its end if they were following or never saw it.
   */
  attach(list: Scroller | null, key: string | null = null): void {
    this.frames.cancel(this.frame);
    this.frame = 0;
    this.shown = list;
    this.key = key;
    if (!list) return;
    const place = key === null ? null : (this.places.get(key) ?? null);
    this.following = place === null;
    if (place === null) this.toBottom(list);
    else list.scrollTop = place;
    this.onBehind(!this.following);
  }
}
