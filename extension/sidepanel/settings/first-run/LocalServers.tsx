/**
 * The zero-key start: look for Ollama, LM Studio and llama.cpp on this computer and offer the
 * ones that answer. Asking for access to localhost happens here, on the user's click.
 */
import './LocalServers.css';
import { useEffect, useState } from 'react';
import { send, type Res } from '../../../shared/protocol';
import { PRESETS } from '../../../shared/presets';
import type { ProviderInput } from '../../../shared/settings';
import { LOCAL_ORIGINS, requestOrigins } from '../permissions';
import { t } from '../../../shared/i18n';

type Server = Res<'local.detect'>['servers'][number];

interface Props {
  onSave: (input: ProviderInput) => Promise<unknown>;
  /** Whether a server answered: the first run then offers it before the full form. */
  onFound: (found: boolean) => void;
  /** The first look (made without asking for access) is over, whatever it found. */
  onLooked?: () => void;
}

export function LocalServers({ onSave, onFound, onLooked }: Props) {
  const [state, setState] = useState<'idle' | 'looking' | 'done'>('idle');
  const [servers, setServers] = useState<Server[]>([]);
  // The first run is told in the same update as the list, not from an effect after it, which
  // painted the servers found beside the download it offers when none is, for a frame.
  const show = (found: Server[]) => {
    setServers(found);
    onFound(found.length > 0);
  };

  // On first run, look once without asking for anything: servers that allow cross-origin
  // requests (llama.cpp does by default) answer, and are offered right away.
  useEffect(() => {
    let live = true;
    send('local.detect', {})
      .then(
        (r) => {
          if (!live || r.servers.length === 0) return;
          setServers(r.servers);
          onFound(true);
          setState('done');
        },
        () => undefined,
      )
      .finally(() => live && onLooked?.());
    return () => {
      live = false;
    };
  }, [onLooked, onFound]);

  const find = () => {
    const asked = requestOrigins(LOCAL_ORIGINS); // in the click, before any await
    setState('looking');
    const detect = () =>
      send('local.detect', {})
        .then(
          (r) => show(r.servers),
          () => show([]),
        )
        .finally(() => setState('done'));
    // Look now (servers that allow cross-origin requests answer without access), and again
    // once access is granted: the prompt may stay unanswered for a while.
    void detect();
    void asked.then((granted) => (granted ? detect() : undefined));
  };

  const use = (server: Server) => {
    const preset = PRESETS[server.preset];
    void onSave({
      preset: server.preset,
      kind: preset.kind,
      name: preset.label,
      baseUrl: server.baseUrl,
      model: server.models[0] ?? '',
    });
  };

  return (
    <section className="local" aria-label={t('localModels')}>
      <button type="button" onClick={find} disabled={state === 'looking'}>
        {state === 'looking' ? t('looking') : t('findLocal')}
      </button>
      {state === 'done' && servers.length === 0 && (
        <p className="hint" role="status">
          {t('noLocal')}
        </p>
      )}
      {servers.length > 0 && <ServerList servers={servers} onUse={use} />}
    </section>
  );
}

/** The servers found, each with its model count and its Use. */
function ServerList({ servers, onUse }: { servers: Server[]; onUse: (server: Server) => void }) {
  return (
    <ul role="status">
      {servers.map((s) => (
        <li key={s.preset} className="provider">
          <div>
            <strong>{PRESETS[s.preset].label}</strong>
            <div className="hint">
              {s.models.length === 1
                ? t('serverModelsOne', s.baseUrl)
                : t('serverModelsMany', s.baseUrl, s.models.length)}
            </div>
          </div>
          <button
            type="button"
            className="primary"
            onClick={() => onUse(s)}
            aria-label={t('useServer', PRESETS[s.preset].label)}
          >
            {t('use')}
          </button>
        </li>
      ))}
    </ul>
  );
}
