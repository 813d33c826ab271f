/** The panel's view of Chrome's built-in model, and its download, against the Prompt API stand-in. */
import { describe, expect, test } from 'vitest';
import { PromptApiStandIn } from '../../../shared/on-device/prompt-api-stand-in';
import { chromeModelView, downloadChromeModel, percentOf } from './chrome-model';

describe("Chrome's built-in model in the panel", () => {
  test('a browser without the Prompt API shows nothing; each state is Chrome’s', async () => {
    expect(await chromeModelView(undefined)).toEqual({ state: 'absent' });
    for (const availability of ['unavailable', 'downloadable', 'downloading', 'available'] as const) {
      expect(await chromeModelView(new PromptApiStandIn({ availability }))).toEqual({ state: availability });
    }
  });

  test('downloadable → downloading → available: progress as Chrome reports it, the session freed', async () => {
    const api = new PromptApiStandIn({ availability: 'downloadable', progress: [0, 0.25, 0.5, 1] });
    const seen: number[] = [];
    const states: string[] = [];
    const done = downloadChromeModel(
      api,
      (f) => {
        seen.push(f);
        states.push(api.script.availability);
      },
      new AbortController().signal,
    );
    await done;
    expect(seen).toEqual([0, 0.25, 0.5, 1]);
    expect(states.every((s) => s === 'downloading')).toBe(true);
    expect(await chromeModelView(api)).toEqual({ state: 'available' });
    expect(api.destroyed).toBe(1);
    expect(api.prompted).toEqual([]);
  });

  test('cancel stops the download: it rejects and the model is still to be downloaded', async () => {
    const api = new PromptApiStandIn({ availability: 'downloadable', progress: [0, 0.1, 0.2, 1] });
    const cancel = new AbortController();
    const done = downloadChromeModel(api, (f) => f >= 0.1 && cancel.abort(), cancel.signal);
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(await chromeModelView(api)).toEqual({ state: 'downloadable' });
  });

  test('the percentage is whole and says 100 only when done', () => {
    expect([0, 0.004, 0.5, 0.999, 1].map(percentOf)).toEqual([0, 0, 50, 99, 100]);
  });
});
