/**
 * The engine host: the page that downloads models and runs them (Chrome's offscreen document,
 * Firefox's background page). It joins the downloads and the engine behind `EngineHost`, the
 * interface the worker reaches by message in Chrome and calls directly in Firefox.
 */
import { localModelInfo } from '../../shared/local-model/catalogue';
import type { EngineHost } from '../../shared/protocol/local-engine';
import { Downloads } from './downloads';
import { Engine } from './engine';
import { opfsFiles } from './model-files';

/** An engine host in this page, with `busyNow` for the page's own decision to close. */
export function pageEngineHost(): EngineHost & { busyNow: () => boolean } {
  const downloads = new Downloads(opfsFiles);
  const engine = new Engine();
  const busyNow = () => downloads.active() || engine.busy();
  return {
    downloads: () => Promise.resolve(downloads.list()),
    download: (id) => {
      const model = localModelInfo(id);
      if (!model) return Promise.reject(new Error(`Gloss offers no model ${id}`));
      downloads.start(model);
      return Promise.resolve();
    },
    cancel: (id) => downloads.cancel(id),
    release: async (id) => {
      await downloads.cancel(id);
      await engine.unload(id);
    },
    busy: () => Promise.resolve(busyNow()),
    generate: (ask, onText, signal, onLoading) => engine.generate(ask, onText, signal, onLoading),
    busyNow,
  };
}
