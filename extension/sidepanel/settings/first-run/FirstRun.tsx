/**
 * The first run's choices: a model on this computer with nothing to set up (Chrome's built-in one
 * where Chrome has it, else one that runs inside Gloss), the model servers found on this
 * computer, and the form for any other provider. With any of these on offer, the form waits
 * behind a button: a full cloud form under the choice the user came for made the first step
 * look like work (issue 34).
 */
import { useCallback, useState } from 'react';
import { t } from '../../../shared/i18n';
import type { Res } from '../../../shared/protocol';
import type { ProviderInput } from '../../../shared/settings';
import { LocalServers } from './LocalServers';
import { ChromeModel, offered } from '../on-device/ChromeModel';
import { LocalModel } from '../on-device/LocalModel';
import { useLocalModels } from '../on-device/useLocalModels';
import type { ChromeModel as ChromeModelState } from '../on-device/useChromeModel';
import { ProviderEditor } from '../ProviderEditor';

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
  const [looked, setLooked] = useState(false);
  const builtIn = offered(chromeModel);
  const localModels = useLocalModels();
  // Where the browser has no model of its own and no server was found here, the one that runs
  // inside Gloss is offered (unless the worker says it cannot run here). It shows once the first
  // look for servers is over, so it neither comes before a server found nor goes when one is;
  // the form waits behind its button from the start, so it does not show and go either.
  const inGloss = !builtIn && !found && localModels.problem === null;
  const lookedNow = useCallback(() => setLooked(true), []);
  return (
    <>
      {builtIn && <ChromeModel model={chromeModel} onUse={onUse} offer />}
      {/* A server found here is a bigger model than one inside Gloss: it comes first. */}
      <LocalServers onSave={onUse} onFound={setFound} onLooked={lookedNow} />
      {inGloss && looked && <LocalModel models={localModels} providers={[]} onUse={onUse} offer />}
      {(found || builtIn || inGloss) && !other ? (
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
