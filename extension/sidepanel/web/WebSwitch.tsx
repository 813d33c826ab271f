/**
 * The composer's "Search the web" switch for the chat shown: on, Gloss's own tools (search, read
 * pages) are offered to the model. Turning it on asks the browser for the search engine's site
 * in the same click (`useChatTools`); refused, the switch stays off and the chat says why.
 */
import Globe from 'lucide-react/icons/globe';
import { t } from '../../shared/i18n';
import type { ChatToolsApi } from '../tools/useChatTools';

export function WebSwitch({ tools }: { tools: ChatToolsApi }) {
  const label = t('webSearchOn');
  return (
    <button
      type="button"
      className="icon-button web-switch"
      aria-label={label}
      title={`${label}: ${t('webSearchOnHint')}`}
      aria-pressed={tools.web}
      onClick={tools.switchWeb}
    >
      <Globe aria-hidden="true" size={18} strokeWidth={1.75} />
    </button>
  );
}
