/** The question box: Enter sends, Shift+Enter adds a line, Esc stops the answer. */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

const DRAFT_KEY = 'gloss.draft';

interface Props {
  streaming: boolean;
  onSend: (question: string) => void;
  onStop: () => void;
}

export function Composer({ streaming, onSend, onStop }: Props) {
  // The draft survives the panel closing: what the user typed is never lost.
  const [draft, setDraft] = useState(() => localStorage.getItem(DRAFT_KEY) ?? '');
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    localStorage.setItem(DRAFT_KEY, draft);
  }, [draft]);
  useEffect(() => box.current?.focus(), []);

  const submit = () => {
    const question = draft.trim();
    if (!question || streaming) return;
    onSend(question);
    setDraft('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape' && streaming) {
      e.preventDefault();
      onStop();
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={box}
        aria-label="Your question"
        placeholder="Ask about anything…"
        rows={2}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {streaming ? (
        <button type="button" className="stop" onClick={onStop}>
          Stop
        </button>
      ) : (
        <button type="submit" className="primary" disabled={!draft.trim()}>
          Send
        </button>
      )}
    </form>
  );
}
