#!/usr/bin/env bash
# The benchmark the README reports (figures to read, not a test):
#  1. orthodox perft(6) natively, side by side with cozy-chess in one run;
#  2. perft from every game's start, natively (command line) and in our wasm
#     under node, with the wasm/native ratio;
#  3. the shipped .wasm size.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh 2>/dev/null
cargo bench --bench perft 2>/dev/null | sed -n '/orthodox perft/,/ratio/p'
cargo build --release --bin fairyboard 2>/dev/null

# Milliseconds of a command's run.
ms() { local t=$(date +%s%N); "$@" >/dev/null; echo $(( ($(date +%s%N) - t) / 1000000 )); }

printf '\n%-11s %5s %12s %10s %10s %10s %6s\n' game depth nodes native wasm "wasm Mnps" ratio
for game in $(node -e "import('./pkg/fairyboard.js').then(async m => { const fs = await import('node:fs'); m.initSync({ module: fs.readFileSync('pkg/fairyboard_bg.wasm') }); console.log(m.games().map(g => g.id).join(' ')) })"); do
  depth=$([[ $game == orthodox ]] && echo 6 || echo 4)
  nodes=$(target/release/fairyboard perft "$game" "$depth")
  native=$(ms target/release/fairyboard perft "$game" "$depth")
  wasm=$(node benches/wasm_perft.mjs "$game" "$depth" | sed -E 's/.* in ([0-9]+) ms.*/\1/')
  awk -v g="$game" -v d="$depth" -v n="$nodes" -v a="$native" -v w="$wasm" \
    'BEGIN { printf "%-11s %5d %12d %8d ms %8d ms %10.1f %6.2f\n", g, d, n, a, w, n / w / 1000, a / w }'
done
echo
echo "shipped wasm: $(stat -c %s pkg/fairyboard_bg.wasm) bytes, $(gzip -9 -c pkg/fairyboard_bg.wasm | wc -c) bytes gzipped"
