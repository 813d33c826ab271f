#!/usr/bin/env bash
# Every check Gloss has, in the order that fails fastest: the README's test command (`npm test`)
# and what .ci/run calls on a clean clone. Ends with one summary line of all tests run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-tools.sh

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Rust: format, lints, tests"
cargo fmt --all --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo test --workspace 2>&1 | tee "$logs/cargo.txt"
step "gloss-core builds for wasm32 on its own"
cargo build -p gloss-core --target wasm32-unknown-unknown --quiet

step "Build: WASM + Chrome extension (dist/) + Firefox extension (dist-firefox/)"
npm run --silent build
npx vite build --mode firefox --logLevel warn
npx web-ext lint --source-dir dist-firefox --self-hosted

step "TypeScript: typecheck, lint, format"
npx tsc --noEmit
npx eslint .
npx prettier --check . --log-level warn

step "Unit tests (Vitest)"
npx vitest run --reporter=default --reporter=json --outputFile="$logs/unit.json"
step "End-to-end tests (headless Chromium + the extension from dist/)"
npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile="$logs/e2e.json"
step "A real model: llama.cpp + SmolLM2 (built once into ~/.cache/gloss/llama; minutes on a cold cache)"
npx vitest run --config vitest.real.config.ts --reporter=default --reporter=json --outputFile="$logs/real.json"

node -e '
  const fs = require("fs");
  const cargo = fs.readFileSync(process.argv[1], "utf8").matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g);
  let passed = 0, failed = 0;
  for (const m of cargo) { passed += +m[1]; failed += +m[2]; }
  for (const f of process.argv.slice(2)) {
    const r = JSON.parse(fs.readFileSync(f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests;
  }
  console.log(`\nsummary: ${passed} passed, ${failed} failed`);
' "$logs/cargo.txt" "$logs/unit.json" "$logs/e2e.json" "$logs/real.json"
