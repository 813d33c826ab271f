import { describe, expect, test, vi } from 'vitest';
import { restrictStorage } from './storage-access';

describe('restrictStorage', () => {
  test('restricts every area that can be restricted to trusted contexts', async () => {
    const local = { setAccessLevel: vi.fn(() => Promise.resolve()) };
    const session = { setAccessLevel: vi.fn(() => Promise.resolve()) };
    await restrictStorage([local, session]);
    expect(local.setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
    expect(session.setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  test("skips an area without the API (Firefox's storage.local) and still restricts the others", async () => {
    const session = { setAccessLevel: vi.fn(() => Promise.resolve()) };
    await restrictStorage([{}, session]);
    expect(session.setAccessLevel).toHaveBeenCalledOnce();
  });

  test('a refusal is logged, not thrown: the worker still starts', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = { setAccessLevel: vi.fn(() => Promise.resolve()) };
    const refusing = { setAccessLevel: () => Promise.reject(new Error('not supported')) };
    await expect(restrictStorage([refusing, session])).resolves.toBeUndefined();
    expect(session.setAccessLevel).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
