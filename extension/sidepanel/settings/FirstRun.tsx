/**
 * The first run's choices: the model servers found on this computer, and the form for any other
 * provider. With a server found, the form waits behind a button: a full cloud form under the
 * server the user came for made the first step look like work (issue 34).
 */
import { useState } from 'react';
import { t } from '../../shared/i18n';
import type { Res } from '../../shared/protocol';
import type { ProviderInput } from '../../shared/settings';
import { LocalServers } from './LocalServers';
import { ChromeModel, offered } from './on-device/ChromeModel';
import type { ChromeModel as ChromeModelState } from './on-device/useChromeModel';
import { ProviderEditor } from './ProviderEditor';

interface Props {
  /** Chrome's built-in model: offered first where Chrome has it, noted last where it cannot run. */
  chromeModel: ChromeModelState;
  /** Saves a server found as it is. */
  onUse: (input: ProviderInput) => Promise<unknown>;
  /** Saves what the form holds. */
  onSave: (input: ProviderInput) => Promise<Res<'provider.save'>>;
}

export function FirstRun({ chromeModel, onUse, onSave }: Props) {
  const [found, setFound] = useState(false);
  const [other, setOther] = useState(false);
  const builtIn = offered(chromeModel);
  return (
    <>
      {builtIn && <ChromeModel model={chromeModel} onUse={onUse} />}
      <LocalServers onSave={onUse} onFound={setFound} />
      {(found || builtIn) && !other ? (
        <button type="button" className="add-provider" onClick={() => setOther(true)}>
          {t('otherProvider')}
        </button>
      ) : (
        // Once typed in, the form stays, whatever is found meanwhile: nothing typed is lost.
        <div onInput={() => setOther(true)}>
          <ProviderEditor onSave={onSave} />
        </div>
      )}
      {!builtIn && <ChromeModel model={chromeModel} onUse={onUse} />}
    </>
  );
}
