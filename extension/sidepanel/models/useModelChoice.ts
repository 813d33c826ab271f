/**
 * The provider and model of the conversation shown: the one stored with it, or the one the user
 * picked in the header. A pick is stored with the conversation at once (a new chat's goes with
 * its first question, and is kept meanwhile across the panel reloading), and its model goes to
 * the top of that provider's recent ones.
 */
import { useEffect, useState } from 'react';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { send } from '../../shared/protocol';
import type { PublicSettings } from '../../shared/settings';
import type { ConversationRecord } from '../../shared/history';
import { conversationChoice, readRecent, withRecent, type Choice, type Recent } from './model-choice';

const RECENT_KEY = 'gloss.recentModels';
/** A new chat's pick, before its first question stores it with the conversation. */
const NEW_CHAT_KEY = 'gloss.newChatChoice';

interface Picked {
  conversationId: string | null;
  choice: Choice;
}

function readNewChatPick(): Picked | null {
  try {
    const raw = JSON.parse(localStorage.getItem(NEW_CHAT_KEY) ?? 'null') as Partial<Choice> | null;
    if (typeof raw?.providerId !== 'string' || typeof raw.model !== 'string') return null;
    return { conversationId: null, choice: { providerId: raw.providerId, model: raw.model } };
  } catch {
    return null;
  }
}

export function useModelChoice(
  settings: PublicSettings | undefined,
  conversation: ConversationRecord | null,
  /** Says a pick was not stored with its conversation (it still applies until the panel closes). */
  onNotSaved: (message: string) => void,
): { choice: Choice | undefined; recent: Recent; pick: (choice: Choice) => void; forget: () => void } {
  const [picked, setPicked] = useState<Picked | null>(readNewChatPick);
  const [recent, setRecent] = useState<Recent>(() => readRecent(localStorage.getItem(RECENT_KEY)));
  const id = conversation?.id ?? null;
  const stored = picked?.conversationId === id ? picked.choice : conversation;
  const choice = settings && conversationChoice(settings, stored);
  // Once the conversation is stored, its choice is stored with it.
  useEffect(() => {
    if (id !== null) localStorage.removeItem(NEW_CHAT_KEY);
  }, [id]);

  const pick = (next: Choice) => {
    setPicked({ conversationId: id, choice: next });
    const now = withRecent(recent, next);
    setRecent(now);
    localStorage.setItem(RECENT_KEY, JSON.stringify(now));
    if (id === null) localStorage.setItem(NEW_CHAT_KEY, JSON.stringify(next));
    else
      send('history.update', { id, choice: next }).catch((e: unknown) => onNotSaved(t('changeNotSaved', messageOf(e))));
  };
  /** A new chat starts at the default. */
  const forget = () => {
    setPicked(null);
    localStorage.removeItem(NEW_CHAT_KEY);
  };
  return { choice, recent, pick, forget };
}
