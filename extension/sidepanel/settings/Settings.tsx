/**
 * All settings: the providers (list, add, edit, remove, default), local servers, timeouts,
 * tools (MCP servers), the web (search engine, pages read), appearance, quick actions,
 * shortcuts, and what Gloss may access.
 */
import './Settings.css';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../shared/errors';
import { Access } from './Access';
import { EditProvider } from './EditProvider';
import { FirstRun } from './first-run/FirstRun';
import { OnDeviceModels } from './on-device/OnDeviceModels';
import { useChromeModel } from './on-device/useChromeModel';
import { Preferences } from './preferences/Preferences';
import { ProviderEditor } from './ProviderEditor';
import { ProviderRow } from './ProviderRow';
import { Shortcuts } from './Shortcuts';
import { TimeoutsForm } from './TimeoutsForm';
import { ToolsSettings } from './tools/ToolsSettings';
import type { SettingsApi } from './useSettings';
import { WebSettings } from './web/WebSettings';
import type { SettingsPlace } from './settings-place';
import { t } from '../../shared/i18n';

/** `place`: where to open, for an error that says what to fix here. */
export function Settings({ api, place = null }: { api: SettingsApi; place?: SettingsPlace | null }) {
  const { settings } = api;
  // A provider's id, 'new' for the add form, or null.
  const [editing, setEditing] = useState<string | null>(typeof place === 'object' ? (place?.provider ?? null) : null);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const at = place === 'timeouts' ? '.timeouts' : place ? `[data-provider="${CSS.escape(place.provider)}"]` : null;
    if (at) root.current?.querySelector(at)?.scrollIntoView({ block: 'start' });
  }, [place]);
  const [failure, setFailure] = useState<string | null>(null);
  const chromeModel = useChromeModel();
  /** Runs a settings change; if it fails, says so instead of doing nothing. */
  const attempt = (change: Promise<unknown>) => {
    setFailure(null);
    change.catch((e: unknown) => setFailure(t('changeNotSaved', messageOf(e))));
  };
  if (!settings) return null;
  const first = settings.providers.length === 0;

  return (
    <div className="settings" ref={root}>
      <h2>{first ? t('connectModel') : t('providers')}</h2>
      {first && <p className="hint">{t('firstRunHint')}</p>}
      {failure && (
        <p className="notice error" role="alert">
          {failure}
        </p>
      )}
      <ul className="providers" aria-label={t('providers')}>
        {settings.providers.map((p) =>
          editing === p.id ? (
            <li key={p.id} data-provider={p.id}>
              <EditProvider
                provider={p}
                onSave={async (input) => done(await api.save(input))}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <ProviderRow
              key={p.id}
              provider={p}
              isDefault={p.id === settings.defaultProviderId}
              onEdit={() => setEditing(p.id)}
              onMakeDefault={() => attempt(api.makeDefault(p.id))}
              onRemove={() => attempt(api.remove(p.id))}
            />
          ),
        )}
      </ul>
      {!first && <OnDeviceModels providers={settings.providers} chromeModel={chromeModel} onUse={api.save} />}
      {first ? (
        <FirstRun chromeModel={chromeModel} onUse={api.save} onSave={async (input) => done(await api.save(input))} />
      ) : editing === 'new' ? (
        <ProviderEditor onSave={async (input) => done(await api.save(input))} onCancel={() => setEditing(null)} />
      ) : (
        // No "Done" here: the header's Close settings is the one way back to the chat.
        <button type="button" className="add-provider" onClick={() => setEditing('new')}>
          {t('addProvider')}
        </button>
      )}
      {!first && (
        <TimeoutsForm
          timeouts={settings.timeouts}
          onSave={(t) => {
            const saving = api.setTimeouts(t);
            attempt(saving);
            return saving;
          }}
        />
      )}
      {!first && <ToolsSettings settings={settings} apply={api.apply} />}
      {!first && <WebSettings settings={settings} apply={api.apply} />}
      {!first && <Preferences settings={settings} onChange={(p) => attempt(api.setPreferences(p))} />}
      {!first && <Shortcuts />}
      {!first && <Access providers={settings.providers} web={settings.web} />}
    </div>
  );

  function done<T extends { ok: boolean }>(result: T): T {
    if (result.ok) setEditing(null);
    return result;
  }
}
