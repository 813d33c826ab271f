#!/usr/bin/env bash
# Installs what Gloss needs to build, run and test, and skips whatever is already there:
# the wasm32 Rust target, the wasm-bindgen CLI pinned in Cargo.toml, npm packages (npm ci) and
# Chromium plus xvfb, xdotool and imagemagick for the headed tests, and firefox-esr (Debian's apt
# packages). Says what it installs; fails with a clear message where it can't.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1mgloss setup:\033[0m %s\n' "$*"; }
die() { printf '\033[1;31mgloss setup:\033[0m %s\n' "$*" >&2; exit 1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }

command -v cargo >/dev/null || die "cargo not found. Install Rust (https://rustup.rs), then run this again."
command -v node >/dev/null || die "node not found. Install Node.js 20.19 or newer, then run this again."
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' ||
  die "Node.js $(node --version) is too old: Gloss's build (Vite 8) needs 20.19 or newer."

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

want=$(sed -n 's/^wasm-bindgen = "=\([^"]*\)".*/\1/p' Cargo.toml)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want to match the crate (was: ${have:-none}); ~10 minutes on 2 cores"
  # No --locked: the CLI's lock file names a crate version the registry no longer serves.
  cargo install wasm-bindgen-cli --version "$want"
fi

lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
stamp=node_modules/.gloss-lock-sha256
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_hash" ]; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
  echo "$lock_hash" > "$stamp"
fi

missing=()
chromium_bin=${GLOSS_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium_bin" ]; then
  [ -z "${GLOSS_CHROMIUM:-}" ] || die "GLOSS_CHROMIUM=$GLOSS_CHROMIUM is not an executable."
  missing+=(chromium)
fi
# Debian's chromium ships only its en-US UI; the locale test runs it in German.
[ -n "${GLOSS_CHROMIUM:-}" ] || [ -f /usr/lib/chromium/locales/de.pak ] || missing+=(chromium-l10n)
# The headed tests (a real toolbar click) run Chromium on a virtual display.
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
command -v import >/dev/null || missing+=(imagemagick)
# The Firefox build is loaded in Firefox ESR by one test.
[ -x "${GLOSS_FIREFOX:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null ||
    die "missing ${missing[*]} and apt-get is unavailable: install them (or set GLOSS_CHROMIUM=/path/to/chromium)."
  say "installing ${missing[*]} with apt-get (Chromium is about 100 MB; needs root)"
  { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; } ||
    die "could not install ${missing[*]} with apt-get (not root and no sudo?). Run: sudo apt-get install ${missing[*]}"
fi
