// Chromium profile helpers shared by the run command and the headed end-to-end tests.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Chromium's id for an unpacked extension: the SHA-256 of its absolute path, first 32 hex
 * digits written with the letters a–p.
 * @param {string} path
 */
export function extensionIdForPath(path) {
  const hex = createHash('sha256').update(path).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

/**
 * Pins an extension's toolbar button next to the address bar, so the first click opens it
 * rather than the puzzle-piece menu.
 * @param {string} profileDir
 * @param {string} id
 */
export function pinToolbarButton(profileDir, id) {
  const file = join(profileDir, 'Default', 'Preferences');
  mkdirSync(join(profileDir, 'Default'), { recursive: true });
  let prefs = {};
  try {
    prefs = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // A new profile: start from empty preferences.
  }
  prefs.extensions ??= {};
  const pinned = new Set(prefs.extensions.pinned_extensions ?? []);
  pinned.add(id);
  prefs.extensions.pinned_extensions = [...pinned];
  writeFileSync(file, JSON.stringify(prefs));
}
