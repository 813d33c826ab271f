/**
 * Settings → Web (issue 29): the search engine the model's web search asks (with the SearXNG
 * instance, or Brave's or Tavily's key), how many results a search brings, Try a search to see
 * at once that it works, and which pages Gloss may read without asking for each site.
 */
import './Web.css';
import { useMemo } from 'react';
import { t } from '../../../shared/i18n';
import { send } from '../../../shared/protocol';
import type { PublicSettings } from '../../../shared/settings';
import { ReadPages } from './ReadPages';
import { TrySearch } from './TrySearch';
import { useSavedKeys } from './useSavedKeys';
import { useWebForm } from './useWebForm';
import { webChanges } from './web-changes';
import { WebForm } from './WebForm';

interface Props {
  settings: PublicSettings;
  /** Takes the settings the worker answers a change with. */
  apply: (settings: PublicSettings) => void;
}

export function WebSettings({ settings, apply }: Props) {
  const changes = useMemo(() => webChanges(send, apply), [apply]);
  const [keys, setKeys] = useSavedKeys(changes);
  const form = useWebForm(changes, settings.web, setKeys);
  return (
    <section className="web-settings" aria-labelledby="web-title">
      <h3 id="web-title">{t('webTitle')}</h3>
      <p className="hint">{t('webHint')}</p>
      <WebForm form={form} keys={keys} />
      <TrySearch changes={changes} draft={form.draft} />
      <ReadPages />
    </section>
  );
}
