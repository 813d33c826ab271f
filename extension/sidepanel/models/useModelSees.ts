/**
 * Whether the chosen model can see, asked of the provider once images are in the composer (and
 * remembered for the panel's life): Ollama and llama.cpp say; other providers do not, and then
 * nothing is said. The name of a model known not to see, else null.
 */
import { useEffect, useState } from 'react';
import { send } from '../../shared/protocol';
import { modelName } from './model-name';

/** Provider and model → whether it sees (null: the provider does not say). */
const known = new Map<string, boolean | null>();

export function useBlindModel(
  providerId: string | undefined,
  model: string | undefined,
  hasImages: boolean,
): string | null {
  const key = providerId && model ? `${providerId}\n${model}` : null;
  const [, setAnswered] = useState(0);
  useEffect(() => {
    if (!hasImages || !key || !providerId || !model || known.has(key)) return;
    let live = true;
    send('provider.sees', { providerId, model }).then(
      ({ sees }) => {
        known.set(key, sees);
        if (live) setAnswered((n) => n + 1);
      },
      () => undefined, // unknown: nothing is said, and the question goes as asked
    );
    return () => {
      live = false;
    };
  }, [hasImages, key, providerId, model]);
  return hasImages && key && known.get(key) === false && model ? modelName(model) : null;
}
