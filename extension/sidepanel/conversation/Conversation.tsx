/** The questions and answers on the path shown, following the answer as it is written. */
import './Conversation.css';
import ArrowDown from 'lucide-react/icons/arrow-down';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { PathStep } from '../../shared/thread';
import type { AnswerDom } from '../answer/answer-dom';
import type { Turn } from './chat-state';
import { EmptyState } from './EmptyState';
import { TurnView, type TurnActions } from './TurnView';
import { videosAlong } from '../answer/video-of-turn';
import { ScrollFollow } from './scroll-follow';
import { noteAnchor, restoreAnchor, type VersionAnchor } from './version-anchor';
import { t } from '../../shared/i18n';

interface Props extends TurnActions {
  path: PathStep<Turn>[];
  /** Turns whose Continue or Regenerate is on its way to the worker. */
  pending: readonly string[];
  answerDom: (id: string) => AnswerDom;
  /** The quick actions' labels, which the empty chat points to. */
  quickActions: string[];
  /** The scrolling list of turns (the composer's paging keys scroll it). */
  feed: RefObject<HTMLDivElement | null>;
  /** The conversation shown last is on its way back: no welcome meanwhile. */
  opening: boolean;
}

export function Conversation({ path, pending, answerDom, quickActions, feed: list, opening, ...actions }: Props) {
  const [behind, setBehind] = useState(false);
  // One for the panel's life: whether the reader scrolled up outlasts the questions asked.
  const [follow] = useState(() => new ScrollFollow(setBehind));

  // A conversation is known by the id its turns carry (chosen by the panel, before it is stored);
  // not by its first turn, whose id changes when another version of it is shown.
  const key = path[0]?.turn.conversationId ?? null;
  const last = path.at(-1)?.turn;
  // Follow the answer as it grows (at most once a frame), unless the user scrolled up to read;
  // shown again, the conversation is where the reader left it, or at its latest answer.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    follow.attach(el, key);
    const observer = new MutationObserver(() => follow.changed());
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    // The list shrinks when the composer grows (a quote, an image, a notice added below it): a
    // reader at the latest answer stays there rather than finding its end hidden.
    const resized = new ResizeObserver(() => follow.changed());
    resized.observe(el);
    // What the reader does that can scroll the list (the paging keys in the composer too).
    const events = ['wheel', 'keydown', 'touchmove', 'pointerdown'] as const;
    const intent = (e: Event) => isScrollIntent(e, el) && follow.intent();
    for (const type of events) document.addEventListener(type, intent, { capture: true, passive: true });
    return () => {
      for (const type of events) document.removeEventListener(type, intent, { capture: true });
      observer.disconnect();
      resized.disconnect();
      follow.attach(null);
    };
  }, [key, follow, list]);
  // A question just sent brings its answer into view, wherever the reader had scrolled.
  const asked = last?.status === 'streaming' ? last.id : null;
  useEffect(() => {
    if (asked) follow.jump();
  }, [asked, follow]);
  const select = useVersionAnchor(list, follow, actions.onSelect, path);

  if (path.length === 0)
    return opening ? (
      <div className="conversation-frame" aria-busy="true" />
    ) : (
      <EmptyState quickActions={quickActions} />
    );
  const videos = videosAlong(path.map((step) => step.turn));
  return (
    <div className="conversation-frame">
      <div
        className="conversation"
        ref={list}
        onScroll={follow.scrolled}
        role="feed"
        aria-label={t('conversationLabel')}
        // Focusable, so arrow and paging keys scroll it as they would a page.
        tabIndex={0}
      >
        {path.map((step, i) => (
          <TurnView
            key={step.turn.id}
            step={step}
            video={videos[i]}
            doc={answerDom(step.turn.id)}
            pending={pending.includes(step.turn.id)}
            {...actions}
            onSelect={select}
            onHold={follow.hold}
          />
        ))}
      </div>
      {/* Only while an answer is written: after, it would sit over the end it points to. */}
      {behind && last?.status === 'streaming' && (
        <button type="button" className="jump" onClick={follow.jump}>
          <ArrowDown aria-hidden="true" size={16} />
          {t('jumpToLatest')}
        </button>
      )}
    </div>
  );
}

/** `onSelect` that keeps the version control just pressed where it was (`version-anchor.ts`). */
function useVersionAnchor(
  list: RefObject<HTMLDivElement | null>,
  follow: ScrollFollow,
  onSelect: (turnId: string) => void,
  path: readonly unknown[],
): (turnId: string) => void {
  const anchor = useRef<VersionAnchor | null>(null);
  useLayoutEffect(() => {
    const noted = anchor.current;
    anchor.current = null;
    if (noted && list.current) restoreAnchor(list.current, noted);
  }, [list, path]);
  // One function for the list's life, as TurnView's memo needs (`list`, `follow` and the
  // session's `onSelect` do not change).
  const [select] = useState(() => (turnId: string) => {
    if (list.current) anchor.current = noteAnchor(list.current);
    follow.hold();
    onSelect(turnId);
  });
  return select;
}

const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * Whether `e` is the reader moving `list`: the wheel or a touch over it, a key that scrolls, or a
 * press on the list itself (its scrollbar). A click on a button (Jump to latest) is not.
 */
function isScrollIntent(e: Event, list: HTMLElement): boolean {
  if (e.type === 'keydown') return SCROLL_KEYS.has((e as KeyboardEvent).key);
  if (e.type === 'pointerdown') return e.target === list;
  return e.target instanceof Node && list.contains(e.target);
}
