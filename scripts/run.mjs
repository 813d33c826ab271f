#!/usr/bin/env node
// Opens Chromium with Gloss loaded from dist/ (the README's run command). With --build (as
// `npm start` runs it) it builds first. The terminal shows what the user needs: the build's and
// the browser's own output (D-Bus and GPU errors Chromium prints on most desktops, a warning of
// Debian's launcher script) go to log files in ~/.cache/gloss, named here. The profile lives
// there too, so settings survive between runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extensionIdForPath, pinToolbarButton } from './chromium-profile.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const chromium = process.env.GLOSS_CHROMIUM ?? '/usr/bin/chromium';
const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gloss');
const profile = join(cache, 'chromium-profile');
const [buildLog, browserLog] = [join(cache, 'build.log'), join(cache, 'chromium.log')];
const flags = process.argv.slice(2).filter((a) => a !== '--build');
mkdirSync(cache, { recursive: true });

if (process.argv.includes('--build')) build();

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
  ...flags,
];
console.log(`Chromium is starting with Gloss.

  Open Gloss:        click its button in the toolbar, or press Alt+Shift+G
  Ask about a page:  select text and press Alt+Shift+Q, or right-click it
  First time:        Gloss asks for a model: one on this computer (no key) or a provider's key

  Profile: ${profile}
  Browser messages: ${browserLog}
Close the browser or press Ctrl+C to stop.`);
const log = openSync(browserLog, 'w');
const child = spawn(chromium, args, { stdio: ['ignore', log, log] });
child.on('exit', (code) => {
  if (code) console.error(`gloss: Chromium stopped with code ${code}; what it said is in ${browserLog}`);
  process.exit(code ?? 0);
});
child.on('error', (e) => fail(`could not start Chromium: ${e.message}`));

/** Builds dist/, its output in build.log; shows the end of it if the build fails. */
function build() {
  console.log('Building Gloss (the first build compiles its Rust core: a few minutes)…');
  const started = Date.now();
  const out = openSync(buildLog, 'w');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], { stdio: ['ignore', out, out] });
  if (result.status !== 0) {
    const tail = readFileSync(buildLog, 'utf8').trimEnd().split('\n').slice(-30).join('\n');
    console.error(tail);
    fail(`the build failed; its whole output is in ${buildLog}`);
  }
  console.log(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s (output: ${buildLog}).`);
}

function fail(message) {
  console.error(`gloss: ${message}`);
  process.exit(1);
}
