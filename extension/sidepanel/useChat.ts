/** Runs answers: one chat port per answer, events folded into the conversation state. */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { connectChat, type ChatCommand, type ChatEvent, type TypedPort } from '../shared/messages';
import { AnswerDom } from './answer-dom';
import { chatReducer, historyFor, isTerminal, type Turn } from './chat-state';
import type { Attachment } from './usePageContext';

const WORKER_GONE: ChatEvent = {
  type: 'error',
  code: 'truncated',
  message: 'Gloss lost contact with its background worker before the answer finished. Retry to ask again.',
};

export function useChat(providerId?: string) {
  const [turns, dispatch] = useReducer(chatReducer, []);
  // Callbacks read the latest turns without being re-created on every token.
  const turnsRef = useRef<Turn[]>(turns);
  useLayoutEffect(() => {
    turnsRef.current = turns;
  });
  const providerRef = useRef(providerId);
  useLayoutEffect(() => {
    providerRef.current = providerId;
  });
  const ports = useRef(new Map<string, TypedPort<ChatEvent, ChatCommand>>());
  // Each answer's DOM, patched directly rather than re-rendered by React on every token.
  const docs = useRef(new Map<string, AnswerDom>());
  const answerDom = useCallback((id: string): AnswerDom => {
    let doc = docs.current.get(id);
    if (!doc) {
      doc = new AnswerDom();
      docs.current.set(id, doc);
    }
    return doc;
  }, []);

  const start = useCallback(
    (id: string, question: string, before: Turn[], attachments?: Attachment[]) => {
      const port = connectChat();
      ports.current.set(id, port);
      let ended = false;
      port.listen((event) => {
        if (event.type === 'chunk') answerDom(id).enqueue(event.patch);
        dispatch({ type: 'event', id, event });
        if (isTerminal(event)) {
          ended = true;
          ports.current.delete(id);
          port.close();
        }
      });
      port.onClose(() => {
        ports.current.delete(id);
        if (!ended) dispatch({ type: 'event', id, event: WORKER_GONE });
      });
      port.post({ type: 'ask', messages: historyFor(before, question, attachments), providerId: providerRef.current });
    },
    [answerDom],
  );

  const ask = useCallback(
    (question: string, attachments: Attachment[] = []) => {
      const id = crypto.randomUUID();
      const before = turnsRef.current;
      const a = attachments.length ? attachments : undefined;
      dispatch({ type: 'ask', id, question, attachments: a });
      start(id, question, before, a);
    },
    [start],
  );

  const retry = useCallback(
    (id: string) => {
      const all = turnsRef.current;
      const index = all.findIndex((t) => t.id === id);
      const turn = all[index];
      if (!turn || turn.status === 'streaming') return;
      answerDom(id).clear();
      dispatch({ type: 'retry', id });
      start(id, turn.question, all.slice(0, index), turn.attachments);
    },
    [start, answerDom],
  );

  const stop = useCallback(() => {
    for (const port of ports.current.values()) port.post({ type: 'stop' });
  }, []);

  useEffect(() => {
    const open = ports.current;
    return () => open.forEach((port) => port.close());
  }, []);

  const streaming = turns.some((t) => t.status === 'streaming');
  return { turns, streaming, ask, retry, stop, answerDom };
}
