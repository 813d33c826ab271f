/** The questions and their answers, rendered as the worker streams them. */
import { useEffect, useRef, type MouseEvent } from 'react';
import type { Turn } from './chat-state';
import { openLink } from './links';

interface Props {
  turns: Turn[];
  onRetry: (id: string) => void;
}

export function Conversation({ turns, onRetry }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const follow = useRef(true);

  // Follow the answer as it grows, unless the user scrolled up to read.
  useEffect(() => {
    const el = list.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [turns]);

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
    <div className="conversation" ref={list} onScroll={onScroll}>
      {turns.map((turn) => (
        <TurnView key={turn.id} turn={turn} onRetry={onRetry} />
      ))}
    </div>
  );
}

function TurnView({ turn, onRetry }: { turn: Turn; onRetry: (id: string) => void }) {
  const onClick = (e: MouseEvent<HTMLDivElement>) => openLink(e.nativeEvent);
  return (
    <article className="turn" data-status={turn.status}>
      <div className="question">{turn.question}</div>
      {/* The HTML comes from the Rust core's safe render: raw HTML is never passed through. */}
      <div
        className="answer markdown"
        aria-busy={turn.status === 'streaming'}
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: turn.html }}
      />
      {turn.status === 'streaming' && !turn.html && <p className="pending">Waiting for the model…</p>}
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
}
