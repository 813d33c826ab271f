import { describe, expect, it } from 'vitest';
import { readBlob, readText, sizeLabel } from './read-body';

/** A response whose body yields `chunks`, recording how much was pulled and whether it was cancelled. */
function fakeResponse(chunks: Uint8Array[]) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[seen.pulled];
      seen.pulled += 1;
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { response: new Response(body), seen };
}

const bytes = (s: string) => new TextEncoder().encode(s);

describe('readText', () => {
  it('reads a body within the cap whole', async () => {
    const { response, seen } = fakeResponse([bytes('{"error":'), bytes('"bad key"}')]);
    await expect(readText(response, 1024)).resolves.toEqual({ text: '{"error":"bad key"}', overLimit: false });
    expect(seen.cancelled).toBe(false);
  });

  it('joins a character split across chunks', async () => {
    const euro = bytes('€');
    const { response } = fakeResponse([euro.subarray(0, 1), euro.subarray(1)]);
    await expect(readText(response, 10)).resolves.toEqual({ text: '€', overLimit: false });
  });

  it('stops at the cap, keeps what fits and cancels the rest', async () => {
    const endless = Array.from({ length: 1000 }, () => bytes('x'.repeat(1000)));
    const { response, seen } = fakeResponse(endless);
    const read = await readText(response, 2500);
    expect(read).toEqual({ text: 'x'.repeat(2500), overLimit: true });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(10);
  });

  it('leaves out a character the cap cuts in half', async () => {
    const { response } = fakeResponse([bytes('ab€')]);
    await expect(readText(response, 3)).resolves.toEqual({ text: 'ab', overLimit: true });
  });

  it('reads an empty body', async () => {
    await expect(readText(new Response(null), 10)).resolves.toEqual({ text: '', overLimit: false });
  });

  it('rejects when reading fails, as text() does', async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('reset'));
      },
    });
    await expect(readText(new Response(body), 10)).rejects.toThrow('reset');
  });
});

describe('sizeLabel', () => {
  it.each([
    [64 * 1024, '64 KB'],
    [8 * 1024 * 1024, '8 MB'],
    [100, '100 bytes'],
  ])('%i bytes is %s', (n, label) => {
    expect(sizeLabel(n)).toBe(label);
  });
});

describe('readBlob', () => {
  const body = (size: number) => new Response(new Uint8Array(size).fill(7));
  it('a body within the cap is the file, of the type given', async () => {
    const file = await readBlob(body(1000), 1024, 'image/png');
    expect(file?.size).toBe(1000);
    expect(file?.type).toBe('image/png');
  });
  it('a longer body is refused, whatever its headers said', async () => {
    await expect(readBlob(body(2000), 1024, 'image/png')).resolves.toBeNull();
  });
});
