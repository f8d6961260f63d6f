#!/usr/bin/env bash
# The benchmark the README reports: native perft against cozy-chess in one run, the same
# perft in our wasm under node, and the shipped .wasm size. Not a test: figures to read.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh 2>/dev/null
depth=${FAIRYBOARD_BENCH_DEPTH:-6}
cargo bench --bench perft 2>/dev/null
cargo build --release --bin fairyboard 2>/dev/null
start=$(date +%s%N)
target/release/fairyboard perft orthodox "$depth" >/dev/null
native_ms=$(( ($(date +%s%N) - start) / 1000000 ))
wasm_line=$(node benches/wasm_perft.mjs orthodox "$depth")
wasm_ms=$(sed -E 's/.* in ([0-9]+) ms.*/\1/' <<<"$wasm_line")
echo "native command line: orthodox perft($depth) in ${native_ms} ms"
echo "wasm under node:     $wasm_line"
awk -v n="$native_ms" -v w="$wasm_ms" 'BEGIN { printf "wasm/native speed:   %.2f (target at least 0.7)\n", n / w }'
echo "shipped wasm:        $(stat -c %s pkg/fairyboard_bg.wasm) bytes, $(gzip -9 -c pkg/fairyboard_bg.wasm | wc -c) bytes gzipped (target under 150000)"
