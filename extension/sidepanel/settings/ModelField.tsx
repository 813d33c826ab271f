/** The model: typed freely, or picked from the provider's own list once it loads. */
import { useState } from 'react';
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
  const [status, setStatus] = useState('');

  const load = () => {
    setStatus(t('loadingModels'));
    send('provider.models', { draft }).then(
      (result) => {
        if (!result.ok) {
          setStatus(result.message);
          return;
        }
        setModels(result.models);
        setStatus(result.models.length ? plural(result.models.length, 'modelsOne', 'modelsMany') : t('noModelsListed'));
        const first = result.models[0];
        if (!value && first) onChange(first.id);
      },
      (e: unknown) => setStatus(String(e)),
    );
  };

  return (
    <>
      <label htmlFor={id}>{t('model')}</label>
      <div className="row">
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
        <p className="hint" role="status">
          {status}
        </p>
      )}
    </>
  );
}
