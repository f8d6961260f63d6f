#!/usr/bin/env bash
# The search benchmark (figures to read, not a test): per game, its start and a middlegame
# (fairyboard::search::bench) searched to a fixed depth natively (benches/search.rs) and in
# the shipped wasm under node (benches/wasm_search.mjs), taking turns; node counts must be
# equal (the search is deterministic), speed by this thread's CPU time, with the
# wasm/native ratio; and the depth each reaches in a 1 s search (wall time: needs an idle
# machine to mean much).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
[[ -f pkg/fairyboard_bg.wasm ]] || bash scripts/build.sh >/dev/null 2>&1
cargo bench --bench search --no-run 2>/dev/null

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
printf '%-11s %-10s %5s %10s %11s %11s %6s %9s %9s\n' \
  game position depth nodes "native knps" "wasm knps" ratio "1s native" "1s wasm"
status=0
for game in orthodox vagabond bandit quarter pawnier riftwalker; do
  native=$(cargo bench --bench search -- "$game" 2>/dev/null)
  for which in start middlegame; do
    n_line=$(grep "^$game $which depth" <<<"$native")
    depth=$(sed -E 's/.* depth ([0-9]+) = .*/\1/' <<<"$n_line")
    n_nodes=$(sed -E 's/.* = ([0-9]+) in .*/\1/' <<<"$n_line")
    n_knps=$(sed -E 's/.* = ([0-9]+) knps/\1/' <<<"$n_line")
    n_depth=$(grep "^$game $which 1000 ms" <<<"$native" | sed -E 's/.*depth ([0-9]+)/\1/')
    wasm=$(node benches/wasm_search.mjs "$game" "$which" "$depth")
    w_line=$(head -n 1 <<<"$wasm")
    w_nodes=$(sed -E 's/.* = ([0-9]+) in .*/\1/' <<<"$w_line")
    w_knps=$(sed -E 's/.* = ([0-9]+) knps/\1/' <<<"$w_line")
    w_depth=$(tail -n 1 <<<"$wasm" | sed -E 's/.*depth ([0-9]+)/\1/')
    if [[ "$n_nodes" != "$w_nodes" ]]; then
      echo "!!! $game $which: native $n_nodes nodes, wasm $w_nodes" >&2
      status=1
    fi
    ratio=$(awk -v w="$w_knps" -v n="$n_knps" 'BEGIN { printf "%.2f", w / n }')
    printf '%-11s %-10s %5s %10s %11s %11s %6s %9s %9s\n' \
      "$game" "$which" "$depth" "$n_nodes" "$n_knps" "$w_knps" "$ratio" "$n_depth" "$w_depth"
  done
done
exit $status
