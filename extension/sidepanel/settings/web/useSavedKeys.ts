/** Which keyed engines have a key saved, as the worker says when Settings → Web opens and after each Save. */
import { useEffect, useState } from 'react';
import type { SavedKeys, WebChanges } from './web-changes';

export function useSavedKeys(changes: WebChanges): [SavedKeys | null, (keys: SavedKeys) => void] {
  const [keys, setKeys] = useState<SavedKeys | null>(null);
  useEffect(() => {
    let live = true;
    changes.keys().then((k) => live && setKeys(k), console.error);
    return () => {
      live = false;
    };
  }, [changes]);
  return [keys, setKeys];
}
