/**
 * The open conversation: loaded from the worker, and followed over one chat port per answer.
 * Answers belong to the worker: closing the panel or switching conversations only stops
 * following them, and a port that drops mid-answer means the worker restarted, so the
 * conversation is read again from storage (where that answer is now marked interrupted).
 */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { connectChat, send, type ChatCommand, type ChatEvent, type Res, type TypedPort } from '../../shared/protocol';
import { newTurn, type TurnRecord } from '../../shared/history';
import type { Attachment } from '../../shared/attachment';
import { latestLeaf } from '../../shared/thread';
import { AnswerDom } from '../answer/answer-dom';
import { chatReducer, EMPTY_CHAT, isTerminal, shownPath, type ChatState } from './chat-state';
import { plural, t } from '../../shared/i18n';

const CURRENT_KEY = 'gloss.conversation';
type Port = TypedPort<ChatEvent, ChatCommand>;
type Opened = Res<'history.open'>;

export function useChat(providerId?: string) {
  const [state, dispatch] = useReducer(chatReducer, EMPTY_CHAT);
  const [notice, setNotice] = useState<string | null>(null);
  // A question the worker refused, handed back to the composer.
  const [returned, setReturned] = useState<{ text: string; at: number } | null>(null);
  // Instructions chosen before a new conversation's first question.
  const [newPrompt, setNewPrompt] = useState('');
  const newPromptRef = useRef(newPrompt);
  // Callbacks read the latest state without being re-created on every token.
  const stateRef = useRef<ChatState>(state);
  const providerRef = useRef(providerId);
  useLayoutEffect(() => {
    stateRef.current = state;
    providerRef.current = providerId;
    newPromptRef.current = newPrompt;
  });
  const ports = useRef(new Set<Port>());
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

  const closePorts = () => {
    ports.current.forEach((port) => port.close());
    ports.current.clear();
  };

  // `follow` reloads through this (declared before `open`, which uses `follow`).
  const openRef = useRef<(id: string) => Promise<void>>(() => Promise.resolve());

  /** Sends a command and follows the turn it starts or joins, until its answer ends. */
  const follow = useCallback(
    (command: Exclude<ChatCommand, { type: 'stop' }>, shown?: TurnRecord) => {
      const port = connectChat();
      ports.current.add(port);
      let turnId = shown?.id;
      if (shown) dispatch({ type: 'turn', turn: shown });
      let ended = false;
      // The worker has stored the turn and sent it back.
      let confirmed = false;
      /**
       * A question shown at once but never stored: take it off the page, give it back to the
       * composer, say why, and show the conversation as storage has it.
       */
      const refuse = (message: string) => {
        setNotice(message);
        if (!shown) return;
        dispatch({ type: 'drop', id: shown.id });
        if (command.type === 'ask') setReturned({ text: shown.question, at: Date.now() });
        const current = stateRef.current.conversation;
        if (current) void openRef.current(current.id).catch(() => undefined);
      };
      const end = () => {
        ended = true;
        ports.current.delete(port);
        port.close();
      };
      port.listen((event) => {
        if (event.type === 'turn') {
          confirmed = true;
          turnId = event.turn.id;
          localStorage.setItem(CURRENT_KEY, event.turn.conversationId);
          dispatch({ type: 'turn', turn: event.turn, conversation: event.conversation });
        } else if (event.type === 'gone') {
          end();
          const current = stateRef.current.conversation;
          if (current) void openRef.current(current.id);
        } else if (!confirmed && event.type === 'error') {
          // Refused before anything was stored (say, the conversation was deleted elsewhere).
          end();
          refuse(event.message);
        } else if (turnId === undefined) {
          end();
        } else {
          if (event.type === 'chunk') answerDom(turnId).enqueue(event.patch);
          dispatch({ type: 'event', id: turnId, event });
          if (isTerminal(event)) end();
        }
      });
      port.onClose(() => {
        ports.current.delete(port);
        if (ended) return;
        if (!confirmed && shown) {
          refuse(t('errWorkerGone'));
          return;
        }
        // The worker stopped mid-answer; storage holds what it received.
        const current = stateRef.current.conversation;
        if (current) setTimeout(() => void openRef.current(current.id).catch(() => undefined), 300);
      });
      port.post(command);
    },
    [answerDom],
  );

  const show = useCallback(
    (id: string, opened: Opened) => {
      closePorts();
      docs.current.clear();
      if (!opened) {
        localStorage.removeItem(CURRENT_KEY);
        dispatch({ type: 'new' });
        return;
      }
      localStorage.setItem(CURRENT_KEY, id);
      for (const t of opened.turns) if (t.html) answerDom(t.id).load(t.html);
      dispatch({ type: 'loaded', conversation: opened.conversation, turns: opened.turns });
      setNotice(opened.damaged > 0 ? plural(opened.damaged, 'damagedOne', 'damagedMany') : null);
      for (const turnId of opened.live) follow({ type: 'attach', turnId });
    },
    [answerDom, follow],
  );
  const open = useCallback((id: string) => send('history.open', { id }).then((opened) => show(id, opened)), [show]);
  useLayoutEffect(() => {
    openRef.current = open;
  });

  const leafOf = () => {
    const path = shownPath(stateRef.current);
    return path[path.length - 1]?.turn.id ?? null;
  };

  /** A question shown at once, before the worker confirms it (it then sends the stored turn). */
  const pending = (question: string, parentId: string | null, attachments?: Attachment[]): TurnRecord => {
    const { conversation, turns } = stateRef.current;
    const conversationId = conversation?.id ?? Object.values(turns)[0]?.conversationId ?? crypto.randomUUID();
    return newTurn({ id: crypto.randomUUID(), conversationId, parentId, question, attachments });
  };

  const askAs = useCallback(
    (turn: TurnRecord) =>
      follow(
        {
          type: 'ask',
          conversationId: turn.conversationId,
          turnId: turn.id,
          parentId: turn.parentId,
          question: turn.question,
          attachments: turn.attachments,
          providerId: providerRef.current,
          systemPrompt: stateRef.current.conversation ? undefined : newPromptRef.current || undefined,
        },
        turn,
      ),
    [follow],
  );

  const ask = useCallback(
    (question: string, attachments: Attachment[] = []) => askAs(pending(question, leafOf(), attachments)),
    [askAs],
  );

  /** Sends a changed question as a new version of `turnId` (the old one stays switchable). */
  const edit = useCallback(
    (turnId: string, question: string) => {
      const turn = stateRef.current.turns[turnId];
      if (turn) askAs(pending(question, turn.parentId, turn.attachments));
    },
    [askAs],
  );

  /** A new version of the answer to `turnId`'s question. */
  const regenerate = useCallback(
    (of: string) => {
      const source = stateRef.current.turns[of];
      if (!source) return;
      const turn = pending(source.question, source.parentId, source.attachments);
      follow({ type: 'regenerate', of, turnId: turn.id, providerId: providerRef.current }, turn);
    },
    [follow],
  );
  const carryOn = useCallback(
    (turnId: string) => follow({ type: 'continue', turnId, providerId: providerRef.current }),
    [follow],
  );

  /** Shows another version of a turn (and the newest conversation that follows it). */
  const select = useCallback((versionId: string) => {
    const { conversation, turns } = stateRef.current;
    const leafId = latestLeaf(Object.values(turns), versionId)?.id;
    if (!leafId) return;
    dispatch({ type: 'select', leafId });
    if (!conversation) return;
    send('history.update', { id: conversation.id, leafId }).catch((e: unknown) =>
      setNotice(t('changeNotSaved', e instanceof Error ? e.message : String(e))),
    );
  }, []);

  /** The conversation's instructions (kept for the first question of a new one). */
  const setSystemPrompt = useCallback((systemPrompt: string) => {
    const { conversation } = stateRef.current;
    if (!conversation) {
      setNewPrompt(systemPrompt);
      return;
    }
    dispatch({ type: 'systemPrompt', systemPrompt });
    send('history.update', { id: conversation.id, systemPrompt }).catch((e: unknown) =>
      setNotice(t('instructionsNotSaved', e instanceof Error ? e.message : String(e))),
    );
  }, []);

  const newChat = useCallback(() => {
    setNewPrompt('');
    closePorts();
    docs.current.clear();
    localStorage.removeItem(CURRENT_KEY);
    setNotice(null);
    dispatch({ type: 'new' });
  }, []);

  const stop = useCallback(() => {
    for (const port of ports.current) port.post({ type: 'stop' });
  }, []);

  // Reopen the conversation the panel showed last; closing the panel only stops following.
  useEffect(() => {
    const last = localStorage.getItem(CURRENT_KEY);
    if (last) {
      send('history.open', { id: last }).then(
        (opened) => show(last, opened),
        (e: unknown) => setNotice(t('openFailed', String(e))),
      );
    }
    const following = ports.current;
    return () => following.forEach((port) => port.close());
  }, [show]);

  const path = shownPath(state);
  const streaming = path.some((s) => s.turn.status === 'streaming');
  return {
    state,
    path,
    streaming,
    notice,
    dismissNotice: () => setNotice(null),
    returned,
    ask,
    edit,
    regenerate,
    carryOn,
    select,
    stop,
    open,
    newChat,
    rename: (title: string) => dispatch({ type: 'renamed', title }),
    systemPrompt: state.conversation ? (state.conversation.systemPrompt ?? '') : newPrompt,
    setSystemPrompt,
    answerDom,
  };
}
