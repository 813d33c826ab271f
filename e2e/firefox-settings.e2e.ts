/**
 * Firefox lets every script an extension injects into a page read and rewrite `storage.local`
 * (it has no `setAccessLevel`), so Gloss keeps its settings in its own IndexedDB there too. This
 * looks at both from Firefox's privileged side (WebDriver BiDi in the browser's chrome, which
 * `--remote-allow-system-access` opens): `storage.local` holds no provider list on a new install,
 * and a profile an earlier version left (its settings in `storage.local`) keeps them when the add-on
 * starts again, and has them no more in `storage.local`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectBidi, inChrome as chromeScript, type Bidi } from './bidi';
import { until } from './firefox-run';
import { startProviderServer, type ProviderServer } from './provider-server';

const FIREFOX = process.env.GLOSS_FIREFOX ?? '/usr/bin/firefox-esr';
const DIST_FIREFOX = fileURLToPath(new URL('../dist-firefox', import.meta.url));
const ID = 'gloss@gloss-extension.org';
const PORT = 9334;

let firefox: ChildProcess | undefined;
let bidi: Bidi | undefined;
let server: ProviderServer | undefined;

beforeAll(async () => {
  const lmStudio = await startProviderServer({ port: 1234 }); // the first run asks it for models
  server = lmStudio;
  firefox = spawn(
    'npx',
    ['web-ext', 'run', '--source-dir', DIST_FIREFOX, '--firefox', FIREFOX, '--no-input', '--no-reload'].concat([
      '--arg=-headless',
      `--arg=--remote-debugging-port=${PORT}`,
      '--arg=--remote-allow-system-access',
    ]),
    { stdio: 'ignore', detached: true },
  );
  bidi = await connectBidi(PORT, 90_000);
  // The sidebar's first run asking for local models: the background is up and has read the settings.
  await until(() => lmStudio.modelListRequests.length > 0, 'the first run to ask for local models', 90_000);
}, 120_000);

afterAll(async () => {
  bidi?.close();
  if (firefox?.pid) process.kill(-firefox.pid, 'SIGTERM');
  await server?.close();
});

/** Runs `body` in the browser's chrome (e2e/bidi.ts); its JSON result. */
function inChrome<T>(body: string): Promise<T> {
  if (!bidi) throw new Error('Firefox did not start');
  return chromeScript<T>(bidi, body);
}

/** Gloss's `storage.local` as Firefox stores it: what a content script would get from `get(null)`. */
const LOCAL = `
  const { ExtensionStorageIDB } = ChromeUtils.importESModule('resource://gre/modules/ExtensionStorageIDB.sys.mjs');
  const extension = WebExtensionPolicy.getByID('${ID}').extension;
  const local = await ExtensionStorageIDB.open(ExtensionStorageIDB.getStoragePrincipal(extension));`;

/** One request on the `settings` store of Gloss's own IndexedDB (the background's origin). */
const onSettings = (mode: string, call: string) => `
  const principal = WebExtensionPolicy.getByID('${ID}').extension.principal;
  const db = await new Promise((ok, fail) => {
    const open = indexedDB.openForPrincipal(principal, 'gloss');
    open.onsuccess = () => ok(open.result);
    open.onerror = () => fail(open.error);
  });
  try {
    return await new Promise((ok, fail) => {
      const store = db.transaction('settings', '${mode}').objectStore('settings');
      const request = ${call};
      request.onsuccess = () => ok(request.result ?? null);
      request.onerror = () => fail(request.error);
    });
  } finally {
    db.close();
  }`;

const storageLocal = () => inChrome<Record<string, unknown>>(`${LOCAL} return await local.get(null);`);
const storedSettings = () =>
  inChrome<{ providers: { name: string }[]; instructions: string } | null>(
    onSettings('readonly', `store.get('current')`),
  );

test('a new install keeps its settings in its own database, nothing in storage.local', async () => {
  await expect.poll(storedSettings, { timeout: 10_000 }).not.toBeNull();
  expect(await storageLocal()).toEqual({});
});

test('an earlier version’s settings in storage.local are kept on upgrade, and gone from there', async () => {
  // As an earlier version left the profile: the settings in storage.local, none in the database.
  const provider = {
    id: 'p1',
    preset: 'lmstudio',
    kind: 'openai',
    name: 'From before',
    baseUrl: 'http://127.0.0.1:1234/v1',
    apiKey: '',
    model: 'test-model',
  };
  const old = { ...(await storedSettings())!, providers: [provider], instructions: 'Answer in German.' };
  await inChrome(`${LOCAL} await local.set({ 'gloss.settings': ${JSON.stringify(old)} });`);
  await inChrome(onSettings('readwrite', `store.delete('current')`));
  expect(JSON.stringify(await storageLocal())).toContain('From before');

  // The add-on starts again, as after an update.
  await inChrome(`
    const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs');
    await (await AddonManager.getAddonByID('${ID}')).reload();`);
  await expect.poll(storedSettings, { timeout: 30_000, interval: 500 }).toMatchObject({
    providers: [{ name: 'From before' }],
    instructions: 'Answer in German.',
  });
  await expect.poll(storageLocal, { timeout: 10_000 }).toEqual({});
}, 90_000);
