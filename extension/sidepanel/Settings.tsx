/**
 * All settings: the providers (list, add, edit, remove, default), local servers, timeouts,
 * appearance, quick actions and shortcuts.
 */
import { useState } from 'react';
import { PRESETS } from '../shared/presets';
import { LocalServers } from './LocalServers';
import { modelName } from './model-name';
import { Preferences } from './Preferences';
import { ProviderEditor } from './ProviderEditor';
import { Shortcuts } from './Shortcuts';
import { TimeoutsForm } from './TimeoutsForm';
import type { SettingsApi } from './useSettings';

export function Settings({ api, onDone }: { api: SettingsApi; onDone: () => void }) {
  const { settings } = api;
  // A provider's id, 'new' for the add form, or null.
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Runs a settings change; if it fails, says so instead of doing nothing. */
  const attempt = (change: Promise<unknown>) => {
    setFailure(null);
    change.catch((e: unknown) =>
      setFailure(`That change was not saved: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  if (!settings) return null;
  const first = settings.providers.length === 0;

  return (
    <div className="settings">
      <h2>{first ? 'Connect a model' : 'Providers'}</h2>
      {first && (
        <p className="hint">
          Use a model running on this computer (no key needed), or a cloud provider with your API key: OpenAI,
          Anthropic, Gemini, OpenRouter, Groq or any OpenAI-compatible server.
        </p>
      )}
      {failure && (
        <p className="notice error" role="alert">
          {failure}
        </p>
      )}
      {first && <LocalServers onSave={api.save} />}
      <ul className="providers" aria-label="Providers">
        {settings.providers.map((p) =>
          editing === p.id ? (
            <li key={p.id}>
              <ProviderEditor
                current={p}
                onSave={async (input) => done(await api.save(input))}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li key={p.id} className="provider">
              <div>
                <strong>{p.name}</strong>{' '}
                {p.id === settings.defaultProviderId && <span className="badge">default</span>}
                <div className="hint">
                  {PRESETS[p.preset].label} · {p.model ? modelName(p.model) : 'no model'}
                </div>
              </div>
              <div className="row">
                <button type="button" onClick={() => setEditing(p.id)} aria-label={`Edit ${p.name}`}>
                  Edit
                </button>
                {p.id !== settings.defaultProviderId && (
                  <button
                    type="button"
                    onClick={() => attempt(api.makeDefault(p.id))}
                    aria-label={`Make ${p.name} the default`}
                  >
                    Make default
                  </button>
                )}
                <button type="button" onClick={() => attempt(api.remove(p.id))} aria-label={`Remove ${p.name}`}>
                  Remove
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
      {first || editing === 'new' ? (
        <ProviderEditor
          onSave={async (input) => done(await api.save(input))}
          onCancel={first ? undefined : () => setEditing(null)}
        />
      ) : (
        <div className="row">
          <button type="button" onClick={() => setEditing('new')}>
            Add provider
          </button>
          <button type="button" className="primary" onClick={onDone}>
            Done
          </button>
        </div>
      )}
      {!first && <TimeoutsForm timeouts={settings.timeouts} onSave={(t) => attempt(api.setTimeouts(t))} />}
      {!first && <Preferences settings={settings} onChange={(p) => attempt(api.setPreferences(p))} />}
      {!first && <Shortcuts />}
    </div>
  );

  function done<T extends { ok: boolean }>(result: T): T {
    if (result.ok) setEditing(null);
    return result;
  }
}
