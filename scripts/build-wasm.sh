#!/usr/bin/env bash
# Builds the Rust core for the browser: cargo (release, size-optimised) → wasm-bindgen
# (--target web) into crates/gloss-wasm/pkg/ → wasm-opt -Oz.
# wasm-opt comes from npm's `binaryen`: Debian's binaryen 108 corrupts wasm-bindgen output.
set -euo pipefail
cd "$(dirname "$0")/.."

out=crates/gloss-wasm/pkg
cargo build -p gloss-wasm --release --target wasm32-unknown-unknown
wasm-bindgen --target web --out-dir "$out" target/wasm32-unknown-unknown/release/gloss_wasm.wasm
# --converge repeats -Oz until the module stops shrinking (~0.6 KB less gzipped). The features:
# those rustc enables by default for wasm32 and every supported browser has. The producers and
# target-features sections name the compiler and those features; no browser reads them.
node_modules/.bin/wasm-opt -Oz --converge --strip-producers --strip-target-features \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  "$out/gloss_wasm_bg.wasm" -o "$out/gloss_wasm_bg.wasm"
echo "built $out/gloss_wasm_bg.wasm ($(wc -c < "$out/gloss_wasm_bg.wasm") bytes, $(gzip -9c "$out/gloss_wasm_bg.wasm" | wc -c) gzipped)"
