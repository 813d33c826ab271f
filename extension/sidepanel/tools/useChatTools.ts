/**
 * The tools of the chat shown: which the enabled servers list (their state read from the worker
 * as Settings reads it), and which this chat switched off. A conversation keeps its choice
 * (`history.update`); a new chat starts with every tool on and sends its choice with its first
 * question, whose conversation keeps it.
 */
import { useState } from 'react';
import type { ConversationRecord } from '../../shared/history';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { send } from '../../shared/protocol';
import type { McpServer } from '../../shared/tools/tool-settings';
import { useServerStatus } from '../settings/tools/useServerStatus';
import { chatTools, switched } from './chat-tools';

export type ChatToolsApi = ReturnType<typeof useChatTools>;

export function useChatTools(
  conversation: ConversationRecord | null,
  servers: readonly McpServer[],
  onProblem: (message: string) => void,
) {
  const id = conversation?.id ?? null;
  const [off, setOff] = useState<string[]>(conversation?.toolsOff ?? []);
  const [open, setOpen] = useState(false);
  // Another conversation shown (or a new chat) brings its own choice, set as it renders.
  const [choiceOf, setChoiceOf] = useState(id);
  if (choiceOf !== id) {
    setChoiceOf(id);
    setOff(conversation?.toolsOff ?? []);
  }
  const enabled = servers.filter((s) => s.enabled);
  const status = useServerStatus(enabled);
  const { groups, on } = chatTools(enabled, status.states, off);
  const toggle = (key: string, isOn: boolean) => {
    const next = switched(off, key, isOn);
    setOff(next);
    if (id === null) return;
    send('history.update', { id, toolsOff: next }).catch((e: unknown) => onProblem(t('changeNotSaved', messageOf(e))));
  };
  return { shown: enabled.length > 0, off, groups, on, open, setOpen, toggle, refresh: () => status.load(true) };
}
