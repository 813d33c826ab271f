/**
 * "Pages Gloss reads": asked for each site (the default), or any site, which asks the browser
 * for every http and https site in the click and says so; choosing "each site" again gives that
 * back. What is shown is what the browser grants, whoever changed it.
 */
import { useId } from 'react';
import { t, type MessageKey } from '../../../shared/i18n';
import { useAnySite } from './useAnySite';
import { anySiteWords } from './web-access';

export function ReadPages() {
  const id = useId();
  const { any, known, refused, choose } = useAnySite();
  const option = (value: boolean, label: MessageKey) => (
    <label className="check">
      <input
        type="radio"
        name={id}
        checked={known && any === value}
        onChange={() => choose(value)}
        aria-describedby={`${id}-hint`}
      />
      {t(label)}
    </label>
  );
  return (
    <fieldset className="web-pages" role="radiogroup" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`}>{t('webPagesTitle')}</legend>
      {option(false, 'webEachSite')}
      {option(true, 'webAnySite')}
      <p className="hint" id={`${id}-hint`}>
        {anySiteWords(any)}
      </p>
      {refused && (
        <p className="field-error" role="alert">
          {t('webAnySiteRefused')}
        </p>
      )}
    </fieldset>
  );
}
