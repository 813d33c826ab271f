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

export async function startXvfb(width = 1280, height = 800): Promise<Display> {
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

/** The screen as raw RGB bytes. */
export async function grabScreen(display: string, width = 1280, height = 800): Promise<Buffer> {
  const { stdout } = await run('import', ['-display', display, '-window', 'root', '-depth', '8', 'rgb:-'], {
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
