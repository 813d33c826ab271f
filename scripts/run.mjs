#!/usr/bin/env node
// Opens Chromium with Gloss loaded from dist/ (the README's run command; `npm start` builds
// first). The profile lives in ~/.cache/gloss so settings survive between runs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extensionIdForPath, pinToolbarButton } from './chromium-profile.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const chromium = process.env.GLOSS_CHROMIUM ?? '/usr/bin/chromium';
const profile = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gloss', 'chromium-profile');

if (!existsSync(join(dist, 'manifest.json'))) fail('dist/ is not built: run `npm start` (or `npm run build`).');
if (!existsSync(chromium))
  fail(`Chromium not found at ${chromium}: run \`bash scripts/ensure-tools.sh\` or set GLOSS_CHROMIUM.`);
if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  fail('No display: run this in a desktop session, or under a virtual one with `xvfb-run npm start`.');
}
pinToolbarButton(profile, extensionIdForPath(dist));

const args = [
  `--user-data-dir=${profile}`,
  `--disable-extensions-except=${dist}`,
  `--load-extension=${dist}`,
  '--no-first-run',
  '--no-default-browser-check',
  // Chromium refuses to start as root with its sandbox on.
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ...process.argv.slice(2),
];
console.log(`Starting Chromium with Gloss (profile: ${profile}).`);
console.log('Click the Gloss button in the toolbar to open the side panel.');
const child = spawn(chromium, args, { stdio: ['ignore', 'ignore', 'inherit'] });
child.on('exit', (code) => process.exit(code ?? 0));
child.on('error', (e) => fail(`could not start Chromium: ${e.message}`));

function fail(message) {
  console.error(`gloss: ${message}`);
  process.exit(1);
}
