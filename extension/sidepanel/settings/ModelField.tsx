/** The model: typed freely, or picked from the provider's own list once it loads. */
import { useState } from 'react';
import { messageOf } from '../../shared/errors';
import { send } from '../../shared/protocol';
import type { ProviderKind } from '../../../crates/gloss-wasm/pkg/gloss_wasm';
import { plural, t } from '../../shared/i18n';

interface Props {
  id: string;
  value: string;
  onChange: (model: string) => void;
  draft: { id?: string; kind: ProviderKind; baseUrl: string; apiKey?: string };
}

export function ModelField({ id, value, onChange, draft }: Props) {
  const [models, setModels] = useState<{ id: string; name?: string; vision?: boolean }[]>([]);
  // What loading the list said; a failure reads as an error, not as help text.
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);

  const load = () => {
    setStatus({ text: t('loadingModels') });
    send('provider.models', { draft }).then(
      (result) => {
        if (!result.ok) {
          setStatus({ text: result.message, error: true });
          return;
        }
        setModels(result.models);
        const count = result.models.length;
        setStatus({ text: count ? plural(count, 'modelsOne', 'modelsMany') : t('noModelsListed') });
        const first = result.models[0];
        if (!value && first) onChange(first.id);
      },
      (e: unknown) => setStatus({ text: messageOf(e), error: true }),
    );
  };

  return (
    <>
      <label htmlFor={id}>{t('model')}</label>
      <div className="row model-row">
        <input
          id={id}
          required
          list={`${id}-list`}
          value={value}
          placeholder={t('modelPlaceholder')}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" onClick={load}>
          {t('loadModels')}
        </button>
      </div>
      <datalist id={`${id}-list`}>
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.vision ? t('modelSeesImages', m.name ?? m.id) : (m.name ?? m.id)}
          </option>
        ))}
      </datalist>
      {status && (
        <p className={status.error ? 'field-error' : 'hint'} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
    </>
  );
}
