/**
 * A headed Firefox ESR with Gloss (web-ext run on a virtual display), shared by the Firefox e2e
 * files. Firefox keeps extension pages out of WebDriver BiDi's reach, so BiDi only works in the
 * web page (selects, reads where it sits on screen); the sidebar is used with the real mouse and
 * keyboard (xdotool), and what it does is seen where it matters: the request that reaches the
 * (fake LM Studio) model.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { connectBidi, type Bidi } from './bidi';
import { ICON_RGB } from './headed';
import { jpegSize } from './jpeg';
import { fixture, perEvent, startProviderServer, type ProviderServer as Provider } from './provider-server';
import { clickAt, findOnScreen, SCREEN, startXvfb, waitOnScreen, xdotool, type Display, type Rect } from './xvfb';

const FIREFOX = process.env.GLOSS_FIREFOX ?? '/usr/bin/firefox-esr';
const DIST_FIREFOX = fileURLToPath(new URL('../dist-firefox', import.meta.url));

/** A 600×400 PNG for test pages (orange to teal, far from Gloss's indigo), drawn by ImageMagick. */
export const CHART = execFileSync('convert', ['-size', '600x400', 'gradient:#e07000-#008080', 'png:-']);

/**
 * The composer at the sidebar's foot: the question box (about 50 px), and under it a row of
 * tools with Send (about 40 px).
 */
export const COMPOSER = { height: 110, boxCentre: 65 };

/**
 * Waits (checking every 250 ms) until `check` holds; throws naming `what` after `timeoutMs`. For
 * waits that must also work outside the test runner (bench/firefox.ts), where vitest's
 * `expect.poll` cannot run.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** For a real site's address served here (e2e/https-server.ts): its proxy preferences, and the page to start on. */
export interface Site {
  prefs: string[];
  startUrl: string;
}

/** How a test's Firefox differs from the usual one. */
export interface FirefoxOptions {
  /**
   * False: the provider listens on a port of its own, not LM Studio's, so the first run finds no
   * server here and offers the model that runs inside Gloss.
   */
  lmStudio?: boolean;
  /** Opens the browser's privileged side to BiDi (`inChrome` in e2e/bidi.ts), to read what Gloss stored. */
  systemAccess?: boolean;
  /** More preferences (`name=value`). */
  prefs?: string[];
}

/**
 * Starts the display, the provider, a server for the test's pages (`serve`) and Firefox on it,
 * showing that server's page, or `site`'s start page through its proxy.
 */
export async function startFirefox(serve: RequestListener, site?: Site, options: FirefoxOptions = {}) {
  const display: Display = await startXvfb(SCREEN.width, SCREEN.height);
  // Where LM Studio listens, unless the test wants none found.
  const provider = await startProviderServer({ port: options.lmStudio === false ? 0 : 1234 });
  const pages: Server = createServer(serve);
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  const localUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/`;
  const port = await freePort();
  const firefox: ChildProcess = spawn(
    'npx',
    ['web-ext', 'run', '--source-dir', DIST_FIREFOX, '--firefox', FIREFOX, '--no-input', '--no-reload'].concat([
      '--start-url',
      localUrl,
      `--arg=--remote-debugging-port=${port}`,
      // Optional permissions are granted without Firefox's doorhanger, a popup that pointer events
      // do not reach on a bare X server; Gloss still asks for them, in a click, as it does for users.
      '--pref=extensions.webextOptionalPermissionPrompts=false',
      ...[...(site?.prefs ?? []), ...(options.prefs ?? [])].map((pref) => `--pref=${pref}`),
      ...(options.systemAccess ? ['--arg=--remote-allow-system-access'] : []),
    ]),
    { stdio: 'ignore', detached: true, env: { ...process.env, DISPLAY: display.name } },
  );
  const bidi: Bidi = await connectBidi(port, 90_000, site !== undefined);
  // The site's page is opened once the session accepts its certificate.
  if (site) await navigate(bidi, site.startUrl);
  const pageUrl = site ? `${new URL(site.startUrl).origin}/` : localUrl;
  const close = async () => {
    bidi.close();
    if (firefox.pid) process.kill(-firefox.pid, 'SIGTERM');
    pages.close();
    await provider.close();
    display.close();
  };
  return { ...driving(display, provider, bidi, pageUrl), display, provider, bidi, pageUrl, close };
}

export type Firefox = Awaited<ReturnType<typeof startFirefox>>;

/** Loads `url` in the first tab, as typing it in the address bar would, and waits for the page. */
export async function navigate(bidi: Bidi, url: string): Promise<void> {
  const tree = await bidi.send<{ contexts: { context: string }[] }>('browsingContext.getTree', {});
  const context = tree.contexts[0]?.context;
  await bidi.send('browsingContext.navigate', { context, url, wait: 'complete' });
}

/** What the tests do with the page, the sidebar and the provider. */
function driving(display: Display, provider: Provider, bidi: Bidi, pageUrl: string) {
  /** Where the web page sits on screen, and its size: the sidebar is the strip left of it. */
  const pageBox = () =>
    bidi.evaluate<{ x: number; y: number; w: number; h: number }>(
      pageUrl,
      '({ x: window.mozInnerScreenX, y: window.mozInnerScreenY, w: innerWidth, h: innerHeight })',
    );
  async function sidebar(): Promise<Rect> {
    const page = await pageBox();
    return { x0: 0, y0: Math.round(page.y), x1: Math.round(page.x), y1: Math.round(page.y + page.h) };
  }
  /** The sidebar above its composer (whose focus ring is indigo too): where material shows. */
  const materialArea = async (): Promise<Rect> => {
    const area = await sidebar();
    return { ...area, y1: area.y1 - COMPOSER.height - 20 };
  };
  return {
    pageBox,
    sidebar,
    materialArea,
    /**
     * Waits for material (a quote, a transcript) to arrive in the sidebar: its chip's indigo edge
     * changes where the indigo above the composer is (answers have indigo links, so "any indigo"
     * is not enough). `before`: `indigoIn(await materialArea())` before it was asked for.
     */
    async waitForMaterial(before: { x: number; y: number } | null, timeout = 15_000): Promise<void> {
      const now = async () => JSON.stringify(await findOnScreen(display.name, await materialArea(), ICON_RGB));
      await expect.poll(now, { timeout }).not.toBe(JSON.stringify(before));
      await expect.poll(now).not.toBe('null');
    },
    /** Gloss's indigo inside `area` (its icon, the first-run button, a quote's edge), or null. */
    indigoIn: (area: Rect) => findOnScreen(display.name, area, ICON_RGB),
    /** Clicks into the question box, above the tools at the sidebar's foot. */
    async clickQuestionBox(): Promise<void> {
      const bar = await sidebar();
      await clickAt(display.name, bar.x0 + 30, bar.y1 - COMPOSER.boxCentre);
    },
    /** Types the question into the composer (which has the focus) and sends it; returns its text. */
    async askAndGetPrompt(question: string): Promise<string> {
      const before = provider.requests.length;
      provider.enqueue({ kind: 'stream', chunks: perEvent(fixture('markdown_answer')), delayMs: 1 });
      await xdotool(display.name, 'type', '--delay', '20', question);
      await xdotool(display.name, 'key', 'Return');
      await expect.poll(() => provider.requests.length, { timeout: 15_000 }).toBe(before + 1);
      return provider.requests.at(-1)?.body.messages?.at(-1)?.content ?? '';
    },
    /** The JPEG images of the last message the model received, by their size in pixels. */
    sentImages(): string[] {
      const content: unknown = provider.requests.at(-1)?.body.messages?.at(-1)?.content;
      if (!Array.isArray(content)) return [];
      return content.flatMap((part: { type?: string; image_url?: { url?: string } }) => {
        const url = part.type === 'image_url' ? (part.image_url?.url ?? '') : '';
        const jpeg = 'data:image/jpeg;base64,';
        return url.startsWith(jpeg) ? [jpegSize(Buffer.from(url.slice(jpeg.length), 'base64'))] : [];
      });
    },
    /** Right-clicks the page at `at` (screen pixels) and waits for Gloss's item in the menu. */
    async menuAt(at: { x: number; y: number }): Promise<void> {
      await clickAt(display.name, Math.round(at.x), Math.round(at.y), 3);
      const menu: Rect = {
        x0: Math.round(at.x),
        y0: Math.round(at.y) + 16,
        x1: Math.round(at.x) + 80,
        y1: SCREEN.height,
      };
      await waitOnScreen(display.name, menu, ICON_RGB);
    },
    /** Waits for the first run's probe to find "LM Studio" here, and chooses it (benchmarks too). */
    async useLocalServer(): Promise<void> {
      await until(() => provider.modelListRequests.length > 0, 'the first run to probe for LM Studio', 90_000);
      const use = await waitOnScreen(display.name, sidebar, ICON_RGB);
      await clickAt(display.name, use.x, use.y);
      // The chat replaces the first-run screen.
      const around: Rect = { x0: use.x - 15, y0: use.y - 10, x1: use.x + 15, y1: use.y + 10 };
      await until(async () => (await findOnScreen(display.name, around, ICON_RGB)) === null, 'the chat', 15_000);
    },
  };
}
