import { describe, expect, test } from 'vitest';
import { LOCAL_MODELS } from '../../shared/local-model/catalogue';
import type { DownloadStatus, EngineHost } from '../../shared/protocol/local-engine';
import type { EngineAccess } from './local-model';
import { localModelHandlers } from './local-model-handlers';
import type { ModelFiles } from './model-files';

const MODEL = LOCAL_MODELS[0]!;

function setup(options: { open: boolean; downloads?: DownloadStatus[]; stored?: { bytes: number; checked?: string } }) {
  const calls: string[] = [];
  const host = {
    downloads: async () => options.downloads ?? [],
    download: async (id: string) => void calls.push(`download ${id}`),
    cancel: async (id: string) => void calls.push(`cancel ${id}`),
    release: async (id: string) => void calls.push(`release ${id}`),
  } as unknown as EngineHost;
  const access: EngineAccess = {
    host,
    use: async (run) => {
      calls.push('use');
      return run();
    },
    isOpen: async () => options.open,
  };
  const stored = { bytes: options.stored?.bytes ?? 0, checked: options.stored?.checked };
  const files = {
    stored: async () => stored,
    remove: async (id: string) => {
      calls.push(`remove ${id}`);
      return stored.bytes;
    },
  } as unknown as ModelFiles;
  return { calls, handlers: localModelHandlers({ access: async () => access, files }) };
}

const noSender = {};
const only = async (h: ReturnType<typeof setup>['handlers']) => (await h['localModel.state']({}, noSender)).models[0];

describe('localModel.state', () => {
  test('every catalogue model is reported, in order; a file checked as one model’s makes no other ready', async () => {
    const { handlers } = setup({ open: false, stored: { bytes: MODEL.bytes, checked: MODEL.sha256 } });
    const { models } = await handlers['localModel.state']({}, noSender);
    expect(models.map((m) => [m.id, m.state])).toEqual(
      LOCAL_MODELS.map((m) => [m.id, m.id === MODEL.id ? 'ready' : 'absent']),
    );
  });

  test('nothing stored and no host running: absent, and the host is not asked', async () => {
    const { handlers, calls } = setup({ open: false });
    expect(await only(handlers)).toEqual({ id: MODEL.id, state: 'absent', storedBytes: 0 });
    expect(calls).toEqual([]);
  });

  test('a checked file of the catalogue’s size is ready; one without its record is not', async () => {
    const ready = setup({ open: false, stored: { bytes: MODEL.bytes, checked: MODEL.sha256 } });
    expect(await only(ready.handlers)).toEqual({ id: MODEL.id, state: 'ready', storedBytes: MODEL.bytes });
    const leftover = setup({ open: false, stored: { bytes: 1000 } });
    expect(await only(leftover.handlers)).toEqual({ id: MODEL.id, state: 'absent', storedBytes: 1000 });
  });

  test('a download in the host shows its progress; a failed one says why', async () => {
    const running = setup({ open: true, downloads: [{ id: MODEL.id, loaded: 10, total: MODEL.bytes }] });
    expect(await only(running.handlers)).toEqual({
      id: MODEL.id,
      state: 'downloading',
      loaded: 10,
      total: MODEL.bytes,
      storedBytes: 0,
    });
    const failed = setup({
      open: true,
      downloads: [{ id: MODEL.id, loaded: 0, total: 1, failed: 'http', detail: 'HTTP 503' }],
    });
    expect(await only(failed.handlers)).toMatchObject({
      state: 'failed',
      problem: 'Hugging Face did not send the model (HTTP 503). Try again later.',
    });
  });
});

describe('download, cancel, remove', () => {
  test('a download starts in the host, held open for the start', async () => {
    const { handlers, calls } = setup({ open: false });
    expect(await handlers['localModel.download']({ id: MODEL.id }, noSender)).toEqual({ ok: true });
    expect(calls).toEqual(['use', `download ${MODEL.id}`]);
  });

  test.each(LOCAL_MODELS.map((m) => [m.id]))('%s, a model the catalogue lists, can be downloaded', async (id) => {
    const { handlers, calls } = setup({ open: false });
    expect(await handlers['localModel.download']({ id }, noSender)).toEqual({ ok: true });
    expect(calls).toEqual(['use', `download ${id}`]);
  });

  test.each([
    'https://evil.example/x.gguf',
    'qwen2.5-3b-instruct-q4_k_m',
    'Qwen2.5-0.5B-Instruct-Q4_K_M.gguf',
    'bartowski/Qwen2.5-0.5B-Instruct-GGUF',
  ])('%s, not an id the catalogue has, is refused before the host hears of it', async (id) => {
    const { handlers, calls } = setup({ open: true });
    await expect(handlers['localModel.download']({ id }, noSender)).rejects.toThrow(
      `Gloss offers no model called ${id}.`,
    );
    await expect(handlers['localModel.cancel']({ id }, noSender)).rejects.toThrow('Gloss offers no model called');
    expect(calls).toEqual(['use']);
  });

  test('an id the catalogue does not have is refused: no URL comes from a page', async () => {
    const { handlers, calls } = setup({ open: true });
    await expect(handlers['localModel.download']({ id: 'https://evil.example/x.gguf' }, noSender)).rejects.toThrow(
      'Gloss offers no model called https://evil.example/x.gguf.',
    );
    expect(calls).toEqual(['use']);
  });

  test('remove releases the model in a running host, then deletes the file', async () => {
    const { handlers, calls } = setup({ open: true, stored: { bytes: MODEL.bytes, checked: MODEL.sha256 } });
    expect(await handlers['localModel.remove']({ id: MODEL.id }, noSender)).toEqual({ freed: MODEL.bytes });
    expect(calls).toEqual([`release ${MODEL.id}`, `remove ${MODEL.id}`]);
  });

  test('with no host running, cancel has nothing to stop and remove only deletes', async () => {
    const { handlers, calls } = setup({ open: false });
    await handlers['localModel.cancel']({ id: MODEL.id }, noSender);
    await handlers['localModel.remove']({ id: MODEL.id }, noSender);
    expect(calls).toEqual([`remove ${MODEL.id}`]);
  });
});
