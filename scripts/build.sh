#!/usr/bin/env bash
# Builds the engine to wasm and writes the browser bindings to pkg/ (run scripts/setup.sh first).
set -euo pipefail
cd "$(dirname "$0")/.."

# The bindings crate (crates/wasm) over the core; its output keeps the names the page loads.
cargo build --release -p fairyboard-wasm --lib --target wasm32-unknown-unknown
rm -rf pkg && mkdir -p pkg
wasm-bindgen --target web --no-typescript --out-dir pkg --out-name fairyboard \
  target/wasm32-unknown-unknown/release/fairyboard_wasm.wasm
# wasm-bindgen's output uses bulk-memory and reference types; say so to wasm-opt.
node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-reference-types \
  --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
  pkg/fairyboard_bg.wasm -o pkg/fairyboard_bg.wasm
raw=$(stat -c %s pkg/fairyboard_bg.wasm)
gz=$(gzip -9 -c pkg/fairyboard_bg.wasm | wc -c)
echo "== build: pkg/fairyboard_bg.wasm ${raw} bytes, ${gz} bytes gzipped" >&2

# The GIF encoder (npm gifenc, an ES module): the page imports it only when a GIF is made
# (www/images/gifencode.js, loadGifenc), from pkg/ beside the engine, so it is never committed.
sed "/sourceMappingURL/d" node_modules/gifenc/dist/gifenc.esm.js > pkg/gifenc.js

# Offline play: app icons and the service worker's asset list (pkg/), and the single-file page.
node scripts/offline.mjs
node scripts/single.mjs

# The folder to put on a web host: dist/site/ (see docs/embedding.md).
node scripts/site.mjs
