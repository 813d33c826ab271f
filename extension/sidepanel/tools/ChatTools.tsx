/**
 * The composer's Tools button, beside the paperclip: how many tools this chat may use, and,
 * opened, each enabled server's tools with a switch for this chat. Descriptions are the
 * servers' words: plain text, cut to a few lines.
 */
import './ChatTools.css';
import Wrench from 'lucide-react/icons/wrench';
import type { KeyboardEvent } from 'react';
import { t } from '../../shared/i18n';
import type { ChatToolGroup } from './chat-tools';
import type { ChatToolsApi } from './useChatTools';

export function ChatTools({ tools }: { tools: ChatToolsApi }) {
  if (!tools.shown) return null;
  const label = t('chatToolsButton', tools.on);
  const close = (e: KeyboardEvent) => {
    if (e.key === 'Escape') tools.setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className="icon-button chat-tools-button"
        aria-label={label}
        title={label}
        aria-expanded={tools.open}
        aria-controls="chat-tools"
        onClick={() => tools.setOpen(!tools.open)}
      >
        <Wrench aria-hidden="true" size={18} strokeWidth={1.75} />
        <span className="chat-tools-count" aria-hidden="true">
          {tools.on}
        </span>
      </button>
      {tools.open && (
        <section id="chat-tools" className="chat-tools" aria-label={t('chatToolsTitle')} onKeyDown={close}>
          <p className="hint">{t('chatToolsHint')}</p>
          {tools.groups.map((group) => (
            <ServerTools key={group.serverId} group={group} onSwitch={tools.toggle} />
          ))}
        </section>
      )}
    </>
  );
}

function ServerTools({ group, onSwitch }: { group: ChatToolGroup; onSwitch: (key: string, on: boolean) => void }) {
  return (
    <fieldset className="chat-tools-server">
      <legend>{group.server}</legend>
      {group.state !== 'connected' && (
        <p className="hint">{group.state === 'failed' ? group.error : t('chatToolsConnecting')}</p>
      )}
      {group.tools.map((tool) => (
        <label key={tool.key} className="chat-tool">
          <input
            type="checkbox"
            checked={tool.on}
            disabled={tool.offInSettings}
            onChange={(e) => onSwitch(tool.key, e.target.checked)}
          />
          <span className="chat-tool-text">
            <span className="chat-tool-name">{tool.name}</span>
            {tool.offInSettings && <span className="hint"> · {t('chatToolOffInSettings')}</span>}
            <span className="chat-tool-description">{tool.description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
