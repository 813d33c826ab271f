#!/usr/bin/env bash
# `npm run package`: the Chrome zip (dist/) and the Firefox package (dist-firefox/, checked with
# web-ext lint) in artifacts/, named with the manifest's version.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p "require('./manifest.json').version")
npm run --silent build
npx vite build --mode firefox --logLevel warn
npx web-ext lint --source-dir dist-firefox --self-hosted --output text >/dev/null
for target in chrome firefox; do
  dir=dist; [ "$target" = firefox ] && dir=dist-firefox
  npx web-ext build --source-dir "$dir" --artifacts-dir artifacts --filename "gloss-$target-$version.zip" --overwrite-dest >/dev/null
done
ls -l artifacts/gloss-*-"$version".zip
