#!/usr/bin/env bash
# The benchmark docs/benchmark.md reports (figures to read, not a test), all in one run:
#  1. orthodox perft natively, side by side with cozy-chess;
#  2. perft from every game's start, natively (in-process, `cargo bench --bench perft --
#     <game>`) and in our wasm under node (`benches/wasm_perft.mjs`), taking turns twice
#     per game, both timed the same way (a warm-up run, then the best of 5, this thread's
#     CPU time; the best of both turns counts), the node counts compared, with the
#     wasm/native ratio;
#  3. the same wasm in headless Chromium (benches/browser_perft.mjs, the page's main-thread
#     CPU time), against native;
#  4. the shipped .wasm size.
# Depths per game are those of benches/perft.rs (`default_depth`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
bash scripts/build.sh >/dev/null 2>&1
cargo bench --bench perft --no-run 2>/dev/null

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
cargo bench --bench perft -- cozy 2>/dev/null

# Fields of a result line: nodes, cpu ms, wall ms, Mnps.
fields() { sed -E 's/.* = ([0-9]+) in ([0-9]+) ms cpu, ([0-9]+) ms wall = ([0-9.]+) Mnps/\1 \2 \3 \4/'; }

printf '\n%-11s %5s %11s %10s %10s %11s %9s %6s %s\n' \
  game depth nodes native wasm "native Mn/s" "wasm Mn/s" ratio "(cpu time)"
status=0
ROUNDS=2
browser_args=()
declare -A native_cpu
for game in $(node -e "import('./pkg/fairyboard.js').then(async m => { const fs = await import('node:fs'); m.initSync({ module: fs.readFileSync('pkg/fairyboard_bg.wasm') }); console.log(m.games().map(g => g.id).join(' ')) })"); do
  # Native and wasm take turns, ROUNDS times, keeping each side's best: a slow stretch of a
  # noisy machine then rarely falls on one side only.
  n_cpu=; w_cpu=
  for ((round = 0; round < ROUNDS; round++)); do
    line=$(cargo bench --bench perft -- "$game" 2>/dev/null | tail -n 1)
    depth=$(sed -E 's/.*perft\(([0-9]+)\).*/\1/' <<<"$line")
    read -r n_nodes cpu _ _ <<<"$(fields <<<"$line")"
    n_cpu=$(( ${n_cpu:-cpu} < cpu ? ${n_cpu:-cpu} : cpu ))
    read -r w_nodes cpu _ _ <<<"$(node benches/wasm_perft.mjs "$game" "$depth" | fields)"
    w_cpu=$(( ${w_cpu:-cpu} < cpu ? ${w_cpu:-cpu} : cpu ))
    if [[ $n_nodes != "$w_nodes" ]]; then
      echo "$game: native counts $n_nodes nodes but wasm $w_nodes" >&2
      status=1
    fi
  done
  awk -v g="$game" -v d="$depth" -v n="$n_nodes" -v a="$n_cpu" -v w="$w_cpu" \
    'BEGIN { printf "%-11s %5d %11d %7d ms %7d ms %11.1f %9.1f %6.2f\n", g, d, n, a, w, n / a / 1000, n / w / 1000, a / w }'
  browser_args+=("$game" "$depth")
  native_cpu[$game]=$n_cpu
done

# The same wasm in headless Chromium, the browser the page is tested in (its own, newer V8),
# timed by the page's main-thread CPU time, against the native CPU time above.
echo
printf '%-11s %10s %9s %6s %s\n' game chromium "Mn/s" ratio "(cpu time)"
while read -r line; do
  game=${line%% *}
  read -r nodes ms _ _ <<<"$(fields <<<"$line")"
  awk -v g="$game" -v n="$nodes" -v a="${native_cpu[$game]}" -v w="$ms" \
    'BEGIN { printf "%-11s %7d ms %9.1f %6.2f\n", g, w, n / w / 1000, a / w }'
done < <(node benches/browser_perft.mjs "${browser_args[@]}")
echo
echo "shipped wasm: $(stat -c %s pkg/fairyboard_bg.wasm) bytes, $(gzip -9 -c pkg/fairyboard_bg.wasm | wc -c) bytes gzipped"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
