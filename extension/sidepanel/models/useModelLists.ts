/**
 * Each provider's model list, asked for when the user goes to the model switch (pointer over it,
 * or the keyboard on it), once per panel: no request goes to a provider the user did not reach for.
 */
import { useCallback, useRef, useState } from 'react';
import { send } from '../../shared/protocol';
import { isServerProvider, type PublicProvider } from '../../shared/settings';

export type Listing =
  { state: 'loading' } | { state: 'listed'; models: string[] } | { state: 'failed'; message: string };

export function useModelLists(providers: readonly PublicProvider[]): {
  lists: Record<string, Listing>;
  loadAll: () => void;
} {
  const [lists, setLists] = useState<Record<string, Listing>>({});
  const asked = useRef(new Set<string>());
  const loadAll = useCallback(() => {
    for (const provider of providers) {
      const { id, baseUrl } = provider;
      if (asked.current.has(id)) continue;
      asked.current.add(id);
      const settle = (listing: Listing) => setLists((now) => ({ ...now, [id]: listing }));
      // A model the browser runs is the one it has: there is no list to ask for.
      if (!isServerProvider(provider)) {
        settle({ state: 'listed', models: [provider.model] });
        continue;
      }
      settle({ state: 'loading' });
      send('provider.models', { draft: { id, kind: provider.kind, baseUrl } }).then(
        (r) =>
          settle(
            r.ok ? { state: 'listed', models: r.models.map((m) => m.id) } : { state: 'failed', message: r.message },
          ),
        (e: unknown) => settle({ state: 'failed', message: String(e) }),
      );
    }
  }, [providers]);
  return { lists, loadAll };
}
