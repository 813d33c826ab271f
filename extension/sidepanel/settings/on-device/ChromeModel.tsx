/**
 * Chrome's built-in model as a provider: offered with one click where Chrome has it, downloaded
 * on the user's click where Chrome can get it, and where it cannot, a plain note of why.
 */
import './OnDevice.css';
import { t } from '../../../shared/i18n';
import { CHROME_AI_MODEL } from '../../../shared/on-device/on-device';
import type { ProviderInput } from '../../../shared/settings';
import { percentOf } from './chrome-model';
import type { ChromeModel as Model } from './useChromeModel';

/** The provider saved when the user picks the built-in model. */
export const CHROME_AI_INPUT = (): ProviderInput => ({
  preset: 'chrome-ai',
  kind: 'chrome-ai',
  name: t('chromeAiTitle'),
  baseUrl: '',
  model: CHROME_AI_MODEL,
});

interface Props {
  model: Model;
  onUse: (input: ProviderInput) => Promise<unknown>;
  /** The first run's offer: its buttons are the screen's main ones (in Settings, one choice of many). */
  offer?: boolean;
}

/** Whether the model is offered (anything but the note that it cannot run here). */
export function offered(model: Model): boolean {
  return !['absent', 'checking', 'unavailable'].includes(model.view.state);
}

export function ChromeModel({ model, onUse, offer = false }: Props) {
  const { view } = model;
  if (view.state === 'absent' || view.state === 'checking') return null;
  const use = () => void onUse(CHROME_AI_INPUT());
  return (
    <section className="on-device chrome-model" aria-label={t('chromeAiTitle')}>
      <strong>{t('chromeAiTitle')}</strong>
      {view.state === 'unavailable' ? (
        <p className="hint">{t('chromeAiNotHere')}</p>
      ) : (
        <p className="hint">{t('chromeAiPrivate')}</p>
      )}
      {view.state === 'available' && (
        <button type="button" className={offer ? 'primary' : undefined} onClick={use} aria-label={t('chromeAiUse')}>
          {t('use')}
        </button>
      )}
      {(view.state === 'downloadable' || view.state === 'failed') && (
        <>
          <p className="hint">{t('chromeAiDownloadable')}</p>
          {view.state === 'failed' && (
            <p className="field-error" role="alert">
              {view.message}
            </p>
          )}
          <button type="button" className={offer ? 'primary' : undefined} onClick={() => model.download(use)}>
            {t('chromeAiDownloadUse')}
          </button>
        </>
      )}
      {view.state === 'downloading' && <Downloading fraction={view.fraction} onCancel={model.cancel} />}
    </section>
  );
}

function Downloading({ fraction, onCancel }: { fraction?: number; onCancel: () => void }) {
  if (fraction === undefined) return <p role="status">{t('chromeAiDownloadingElsewhere')}</p>;
  return (
    <div className="on-device-progress">
      <progress value={fraction} max={1} aria-label={t('chromeAiProgress')} />
      <span role="status">{t('chromeAiDownloadingNow', String(percentOf(fraction)))}</span>
      <button type="button" onClick={onCancel}>
        {t('chromeAiCancel')}
      </button>
    </div>
  );
}
