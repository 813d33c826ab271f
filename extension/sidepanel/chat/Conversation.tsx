/** The questions and answers on the path shown, following the answer as it is written. */
import './Conversation.css';
import ArrowDown from 'lucide-react/icons/arrow-down';
import { useEffect, useRef, useState } from 'react';
import type { PathStep } from '../../shared/thread';
import type { AnswerDom } from '../answer/answer-dom';
import type { Turn } from './chat-state';
import { EmptyState } from './EmptyState';
import { TurnView, type TurnActions } from './TurnView';
import { t } from '../../shared/i18n';

interface Props extends TurnActions {
  path: PathStep<Turn>[];
  /** Turns whose Continue or Regenerate is on its way to the worker. */
  pending: readonly string[];
  answerDom: (id: string) => AnswerDom;
  /** The quick actions' labels, which the empty chat points to. */
  quickActions: string[];
}

/** How close to the bottom counts as "at the latest". */
const NEAR_BOTTOM = 40;

export function Conversation({ path, pending, answerDom, quickActions, ...actions }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const [behind, setBehind] = useState(false);

  // Follow the answer as it grows, unless the user scrolled up to read.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const observer = new MutationObserver(() => {
      if (follow.current) el.scrollTop = el.scrollHeight;
      else setBehind(true);
    });
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [path.length]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
    setBehind(!follow.current);
  };

  const jump = () => {
    const el = list.current;
    if (!el) return;
    follow.current = true;
    setBehind(false);
    el.scrollTop = el.scrollHeight;
  };

  if (path.length === 0) return <EmptyState quickActions={quickActions} />;
  return (
    <div className="conversation-frame">
      <div className="conversation" ref={list} onScroll={onScroll} role="feed" aria-label={t('conversationLabel')}>
        {path.map((step) => (
          <TurnView
            key={step.turn.id}
            step={step}
            doc={answerDom(step.turn.id)}
            pending={pending.includes(step.turn.id)}
            {...actions}
          />
        ))}
      </div>
      {behind && (
        <button type="button" className="jump" onClick={jump}>
          <ArrowDown aria-hidden="true" size={16} />
          {t('jumpToLatest')}
        </button>
      )}
    </div>
  );
}
