/**
 * The tools of the chat shown: which the enabled servers list (their state read from the worker
 * as Settings reads it), and which this chat switched off. A conversation keeps its choice
 * (`history.update`); a new chat starts with every tool on and sends its choice with its first
 * question, whose conversation keeps it. The same for its "Search the web" switch (off in a new
 * chat): turning it on asks the browser for the search engine's site from the click. With them
 * goes the panel's window, whose active tab `read_tab` reads.
 */
import { useState } from 'react';
import type { ConversationRecord } from '../../shared/history';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { send } from '../../shared/protocol';
import type { PublicSettings } from '../../shared/settings';
import type { McpServer } from '../../shared/tools/tool-settings';
import { engineAccess } from '../../shared/web/web-settings';
import { useServerStatus } from '../settings/tools/useServerStatus';
import { usePanelWindow } from '../usePanelWindow';
import { switchOn } from '../web/web-switch';
import { chatTools, switched } from './chat-tools';

export type ChatToolsApi = ReturnType<typeof useChatTools>;

/** No MCP servers, one array for every render (the tools' state is read again when it changes). */
const NO_SERVERS: readonly McpServer[] = [];

export function useChatTools(
  conversation: ConversationRecord | null,
  settings: Pick<PublicSettings, 'mcpServers' | 'web'> | undefined,
  onProblem: (message: string) => void,
) {
  const servers = settings?.mcpServers ?? NO_SERVERS;
  // The search engine's site, asked for when "Search the web" is turned on.
  const webAccess = settings ? engineAccess(settings.web) : null;
  const id = conversation?.id ?? null;
  const [off, setOff] = useState<string[]>(conversation?.toolsOff ?? []);
  const [web, setWeb] = useState(conversation?.web === true);
  const [open, setOpen] = useState(false);
  // Another conversation shown (or a new chat) brings its own choice, set as it renders.
  const [choiceOf, setChoiceOf] = useState(id);
  if (choiceOf !== id) {
    setChoiceOf(id);
    setOff(conversation?.toolsOff ?? []);
    setWeb(conversation?.web === true);
  }
  const keep = (change: { toolsOff: string[] } | { web: boolean }) => {
    if (id === null) return;
    send('history.update', { id, ...change }).catch((e: unknown) => onProblem(t('changeNotSaved', messageOf(e))));
  };
  const enabled = servers.filter((s) => s.enabled);
  const status = useServerStatus(enabled);
  const { groups, on } = chatTools(enabled, status.states, off);
  const toggle = (key: string, isOn: boolean) => {
    const next = switched(off, key, isOn);
    setOff(next);
    keep({ toolsOff: next });
  };
  const setWebOn = (on: boolean) => {
    setWeb(on);
    keep({ web: on });
  };
  const switchWeb = webSwitch(web, webAccess, setWebOn, onProblem);
  const refresh = () => status.load(true);
  // The tab beside the chat, which `read_tab` reads, is this window's active one.
  const windowId = usePanelWindow();
  return { shown: enabled.length > 0, off, web, windowId, switchWeb, groups, on, open, setOpen, toggle, refresh };
}

/**
 * Turns "Search the web" off, or asks for the engine's site and turns it on. Called in the
 * click: the browser's prompt needs the gesture, so nothing is awaited first.
 */
function webSwitch(on: boolean, access: string | null, set: (on: boolean) => void, onProblem: (m: string) => void) {
  return () => {
    if (on) {
      set(false);
      return;
    }
    void switchOn(access).then((problem) => (problem ? onProblem(problem) : set(true)));
  };
}
