/**
 * A virtual X display for headed Chromium (toolbar clicks and keyboard shortcuts do not exist in
 * headless mode), plus reading its pixels and sending real input with xdotool.
 * Needs Debian's xvfb, xdotool and imagemagick (scripts/ensure-tools.sh installs them).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Display {
  name: string;
  close(): void;
}

/** The virtual screen's size, the same in every headed test. */
export const SCREEN = { width: 1280, height: 800 };

export async function startXvfb(width = SCREEN.width, height = SCREEN.height): Promise<Display> {
  let n = 90;
  while (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) n++;
  const name = `:${n}`;
  const server = spawn('Xvfb', [name, '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100 && !existsSync(`/tmp/.X11-unix/X${n}`); i++) await new Promise((r) => setTimeout(r, 50));
  if (!existsSync(`/tmp/.X11-unix/X${n}`)) throw new Error(`Xvfb did not start on ${name}`);
  return { name, close: () => server.kill() };
}

/** The screen's top left `width` × `height` (a taller screen has room below it) as raw RGB bytes. */
export async function grabScreen(display: string, width = SCREEN.width, height = SCREEN.height): Promise<Buffer> {
  const crop = ['-crop', `${width}x${height}+0+0`];
  const { stdout } = await run('import', ['-display', display, '-window', 'root', ...crop, '-depth', '8', 'rgb:-'], {
    encoding: 'buffer',
    maxBuffer: width * height * 3 + 1024,
  });
  return stdout;
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The centre of the pixels close to `rgb` inside `area`, or null. Finds things by colour (Gloss's
 * toolbar icon, its panel's accent button) instead of by positions that change between versions.
 */
export function findColour(
  pixels: Buffer,
  width: number,
  area: Rect,
  rgb: [number, number, number],
): { x: number; y: number } | null {
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let y = area.y0; y < area.y1; y++) {
    for (let x = area.x0; x < area.x1; x++) {
      const i = (y * width + x) * 3;
      const d =
        Math.abs((pixels[i] ?? 0) - rgb[0]) +
        Math.abs((pixels[i + 1] ?? 0) - rgb[1]) +
        Math.abs((pixels[i + 2] ?? 0) - rgb[2]);
      if (d < 30) {
        sx += x;
        sy += y;
        count++;
      }
    }
  }
  return count > 20 ? { x: Math.round(sx / count), y: Math.round(sy / count) } : null;
}

export async function xdotool(display: string, ...args: string[]): Promise<void> {
  await run('xdotool', args, { env: { ...process.env, DISPLAY: display } });
}

/**
 * Presses `names` one after another, as a person does: the page under them (a sidebar moving
 * its focus, or scrolling) settles 150 ms before the next key.
 */
export async function pressKeys(display: string, ...names: string[]): Promise<void> {
  for (const name of names) {
    await xdotool(display, 'key', name);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Types `text` with the real keyboard, 10 ms between keys. */
export const typeText = (display: string, text: string): Promise<void> =>
  xdotool(display, 'type', '--delay', '10', text);

/** The name of the X window that has the keyboard ('' when none has, or it has no name). */
export async function focusedWindowName(display: string): Promise<string> {
  try {
    const { stdout } = await run('xdotool', ['getwindowfocus', 'getwindowname'], {
      env: { ...process.env, DISPLAY: display },
    });
    return stdout.trim();
  } catch {
    return '';
  }
}

/**
 * Gives the keyboard to the window named `name`, as a window manager does on a click on its
 * title bar (there is none on the virtual display); false when no such window exists (yet).
 */
export async function focusWindowNamed(display: string, name: string): Promise<boolean> {
  const pattern = `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  try {
    await xdotool(display, 'search', '--name', pattern, 'windowfocus', '--sync');
    return true;
  } catch {
    return false;
  }
}

type Point = { x: number; y: number };

/** Where the colour `rgb` is inside `area` of the screen right now, or null. */
export async function findOnScreen(display: string, area: Rect, rgb: [number, number, number]): Promise<Point | null> {
  return findColour(await grabScreen(display), SCREEN.width, area, rgb);
}

/** Waits (up to 15 s) for `rgb` to be drawn inside `area`, which may move (a function). */
export async function waitOnScreen(
  display: string,
  area: Rect | (() => Promise<Rect>),
  rgb: [number, number, number],
): Promise<Point> {
  for (let tries = 0; tries < 60; tries++) {
    const found = await findOnScreen(display, typeof area === 'function' ? await area() : area, rgb);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`colour ${rgb.join(',')} never appeared on screen where expected`);
}

/**
 * Moves the pointer to (x, y) and clicks `button` (1 left, 3 right). Not `mousemove --sync`: it
 * waits for a motion event, and there is none when the pointer is already there, so it hangs.
 */
export async function clickAt(display: string, x: number, y: number, button: 1 | 3 = 1): Promise<void> {
  await xdotool(display, 'mousemove', String(Math.round(x)), String(Math.round(y)), 'sleep', '0.1');
  await xdotool(display, 'click', String(button));
}

/** Writes the screen to `path` as a PNG (ImageMagick), to look at what a test saw. */
export async function saveScreen(display: string, path: string): Promise<void> {
  await run('import', ['-display', display, '-window', 'root', path]);
}
