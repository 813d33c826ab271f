/**
 * The search engine as a radio group (one Tab stop, arrows to choose), each with one line on
 * what it needs: nothing, your own instance, or a key, with a link to where that key is got.
 */
import { useId } from 'react';
import { t } from '../../../shared/i18n';
import { ENGINE_NAMES, SEARCH_ENGINES, type WebSettings } from '../../../shared/web/web-settings';
import { ENGINE_LINES, keyPage } from './web-form';

type Engine = WebSettings['engine'];

export function EngineChoice({ engine, onChoose }: { engine: Engine; onChoose: (engine: Engine) => void }) {
  const id = useId();
  return (
    <fieldset className="web-engines" role="radiogroup" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`}>{t('webEngine')}</legend>
      {SEARCH_ENGINES.map((e) => {
        const page = keyPage(e);
        return (
          <div key={e} className="web-engine">
            <label className="check">
              <input
                type="radio"
                name={id}
                value={e}
                checked={engine === e}
                onChange={() => onChoose(e)}
                aria-describedby={`${id}-${e}`}
              />
              {ENGINE_NAMES[e]}
            </label>
            <p className="hint" id={`${id}-${e}`}>
              {t(ENGINE_LINES[e])}
              {page && (
                <>
                  {' '}
                  <a
                    href={page}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('webGetKeyFor', ENGINE_NAMES[e])}
                  >
                    {t('webGetKey')}
                  </a>
                </>
              )}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
