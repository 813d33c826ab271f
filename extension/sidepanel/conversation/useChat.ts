/**
 * The open conversation for React: a ChatSession wired to the browser (chat ports, the worker's
 * history, localStorage, AnswerDom), and what the panel shows of it. Components call the
 * session's methods; everything they do is in chat-session.ts.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { inPlace } from '../../shared/images/opened-images';
import { connectChat, send } from '../../shared/protocol';
import { AnswerDom } from '../answer/answer-dom';
import { shownPath } from './chat-state';
import { ChatSession } from './chat-session';

function browserSession(): ChatSession<AnswerDom> {
  return new ChatSession({
    connect: connectChat,
    history: {
      open: (id) =>
        send('history.open', { id }).then(
          (opened) => opened && { ...opened, turns: inPlace(opened.turns, opened.images) },
        ),
      update: (change) => send('history.update', change),
    },
    storage: localStorage,
    answer: () => new AnswerDom(),
  });
}

export function useChat() {
  const [session] = useState(browserSession);
  const view = useSyncExternalStore(session.subscribe, session.snapshot);
  useEffect(() => {
    session.resume();
    return session.detach;
  }, [session]);

  const path = shownPath(view.state);
  const { conversation } = view.state;
  return {
    ...view,
    path,
    streaming: path.some((s) => s.turn.status === 'streaming'),
    systemPrompt: conversation ? (conversation.systemPrompt ?? '') : view.newPrompt,
    session,
  };
}

/** The open conversation as the panel shows it, and the session that changes it. */
export type Chat = ReturnType<typeof useChat>;
