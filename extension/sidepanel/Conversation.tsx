/** The questions and their answers, shown as the worker streams them. */
import { memo, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { AnswerDom } from './answer-dom';
import type { Turn } from './chat-state';
import { onAnswerClick } from './links';

interface Props {
  turns: Turn[];
  answerDom: (id: string) => AnswerDom;
  onRetry: (id: string) => void;
}

export function Conversation({ turns, answerDom, onRetry }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const follow = useRef(true);

  // Follow the answer as it grows, unless the user scrolled up to read.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const observer = new MutationObserver(() => {
      if (follow.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [turns.length]);

  const onScroll = () => {
    const el = list.current;
    if (el) follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };

  if (turns.length === 0) {
    return (
      <div className="conversation empty">
        <p>Ask a question to start. Answers stream in here as they are written.</p>
      </div>
    );
  }
  return (
    <div className="conversation" ref={list} onScroll={onScroll} role="feed" aria-label="Conversation">
      {turns.map((turn) => (
        <TurnView key={turn.id} turn={turn} doc={answerDom(turn.id)} onRetry={onRetry} />
      ))}
    </div>
  );
}

/** Up and Down move between messages, as in a feed. */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  if (e.target !== e.currentTarget || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
  const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
  if (next instanceof HTMLElement) {
    e.preventDefault();
    next.focus();
  }
}

const TurnView = memo(function TurnView({
  turn,
  doc,
  onRetry,
}: {
  turn: Turn;
  doc: AnswerDom;
  onRetry: (id: string) => void;
}) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    slot.current?.append(doc.root);
  }, [doc]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => onAnswerClick(e.nativeEvent);

  return (
    <article
      className="turn"
      data-status={turn.status}
      tabIndex={0}
      aria-busy={turn.status === 'streaming'}
      aria-label={`Question: ${turn.question}`}
      onKeyDown={moveFocus}
    >
      <div className="question">
        {turn.attachments?.map((a, i) => (
          <blockquote key={i} className="quoted" title={a.url}>
            {a.text.length > 200 ? `${a.text.slice(0, 200)}…` : a.text}
          </blockquote>
        ))}
        {turn.question}
      </div>
      {turn.reasoning && (
        <details className="reasoning">
          <summary>{turn.status === 'streaming' && !turn.text ? 'Thinking…' : 'Reasoning'}</summary>
          <p>{turn.reasoning}</p>
        </details>
      )}
      <div className="answer-slot" ref={slot} onClick={onClick} />
      {turn.status === 'streaming' && !turn.text && <p className="pending">Waiting for the model…</p>}
      {turn.status === 'stopped' && <p className="meta">Stopped.</p>}
      {turn.status === 'done' && turn.finishReason === 'length' && (
        <p className="meta">The answer reached the model’s length limit.</p>
      )}
      {turn.error && (
        <div className="error" role="alert">
          <p>{turn.error.message}</p>
          <button type="button" onClick={() => onRetry(turn.id)}>
            Retry
          </button>
        </div>
      )}
      {turn.usage && (
        <p className="meta usage">
          {turn.usage.inputTokens} in · {turn.usage.outputTokens} out tokens
        </p>
      )}
    </article>
  );
});
