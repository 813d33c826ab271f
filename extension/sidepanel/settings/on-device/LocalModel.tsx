/**
 * The models that run inside Gloss: each with its size before anything is downloaded, one click
 * to download (with progress and Cancel) and use it, and once downloaded, Use and Remove (which
 * says the space it gave back).
 */
import './OnDevice.css';
import { useState } from 'react';
import { t, uiLanguage } from '../../../shared/i18n';
import { DEFAULT_LOCAL_MODEL } from '../../../shared/local-model/catalogue';
import type { ProviderInput, PublicProvider } from '../../../shared/settings';
import { bytesShown, progressOf, rowsOf, type LocalModelRow } from './local-models';
import type { LocalModels } from './useLocalModels';

interface Props {
  models: LocalModels;
  /** The saved providers: a model already one is not offered to Use again. */
  providers: readonly PublicProvider[];
  onUse: (input: ProviderInput) => Promise<unknown>;
  /**
   * The first run's offer: the recommended model's button is the screen's main one, the others
   * plain beside it (in Settings, all are one choice of many).
   */
  offer?: boolean;
}

const size = (bytes: number) => bytesShown(bytes, uiLanguage());

export function LocalModel({ models, providers, onUse, offer = false }: Props) {
  const [freed, setFreed] = useState<string | null>(null);
  if (models.statuses === null && models.problem === null) return null;
  const use = (row: LocalModelRow) => () =>
    void onUse({
      preset: 'in-gloss',
      kind: 'in-gloss',
      name: `${t('inGlossTitle')}: ${row.info.label}`,
      baseUrl: '',
      model: row.info.id,
    });
  const remove = (row: LocalModelRow) => () =>
    void models.remove(row.info.id).then((bytes) => setFreed(t('inGlossRemoved', row.info.label, size(bytes))));
  const rows = rowsOf(models.statuses ?? []);
  return (
    <section className="on-device local-model" aria-label={t('inGlossTitle')}>
      <strong>{t('inGlossTitle')}</strong>
      <p className="hint">{t('inGlossPrivate')}</p>
      {models.problem && (
        <p className="field-error" role="alert">
          {models.problem}
        </p>
      )}
      {freed && <p role="status">{freed}</p>}
      <ul>
        {rows.map((row) => (
          <ModelRow
            key={row.info.id}
            row={row}
            used={providers.some((p) => p.kind === 'in-gloss' && p.model === row.info.id)}
            offer={offer}
            // One download at a time: two would share the line and both take longer.
            busy={rows.some((other) => other !== row && other.status.state === 'downloading')}
            onDownload={() => models.download(row.info.id, use(row))}
            onCancel={() => models.cancel(row.info.id)}
            onUse={use(row)}
            onRemove={remove(row)}
          />
        ))}
      </ul>
    </section>
  );
}

interface RowProps {
  row: LocalModelRow;
  offer: boolean;
  used: boolean;
  /** Another model is downloading. */
  busy: boolean;
  onDownload: () => void;
  onCancel: () => void;
  onUse: () => void;
  onRemove: () => void;
}

function ModelRow({ row: { info, status }, offer, used, busy, onDownload, onCancel, onUse, onRemove }: RowProps) {
  const main = offer && info.id === DEFAULT_LOCAL_MODEL ? 'primary' : undefined;
  const fraction = progressOf(status);
  return (
    <li className="provider">
      <div>
        <strong>{info.label}</strong>
        <div>{t(info.note)}</div>
        <div className="hint">
          {t('inGlossModelFacts', size(info.bytes), info.licence)}
          {status.state === 'ready' && ` · ${t('inGlossReady')}`}
        </div>
        {status.state === 'failed' && <p className="field-error">{status.problem}</p>}
      </div>
      {status.state === 'downloading' ? (
        <div className="on-device-progress">
          <progress value={fraction} max={1} aria-label={t('inGlossProgress', info.label)} />
          <span role="status">{t('inGlossDownloading', size(status.loaded ?? 0), size(info.bytes))}</span>
          <button type="button" onClick={onCancel}>
            {t('chromeAiCancel')}
          </button>
        </div>
      ) : status.state === 'ready' ? (
        <div className="row">
          {!used && (
            <button type="button" className={main} onClick={onUse} aria-label={t('inGlossUse', info.label)}>
              {t('use')}
            </button>
          )}
          <button type="button" onClick={onRemove} aria-label={t('inGlossRemove', info.label, size(info.bytes))}>
            {t('inGlossDelete')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={main}
          onClick={onDownload}
          disabled={busy}
          aria-label={t('inGlossDownload', info.label, size(info.bytes))}
        >
          {t('chromeAiDownloadUse')}
        </button>
      )}
    </li>
  );
}
