#!/usr/bin/env bash
# PGN speed (figures to read, not a test): `fairyboard pgn` reading a large file and writing
# it back, natively, in a release build.
#
#   bash scripts/bench_pgn.sh                 # 4,500 games (about 5.4 MB), seed 1, best of 3
#   GAMES=1000 SEED=7 RUNS=5 bash scripts/bench_pgn.sh
#   FAIRYBOARD=/tmp/old/fairyboard bash scripts/bench_pgn.sh   # another build, same file
#
# The file is made afresh each time by the lab's pgn_corpus (crates/lab/src/bin/pgn_corpus.rs:
# random legal games of orthodox chess with lichess-like tags, clocks, comments, NAGs and
# variations, written by our own writer from a fixed seed: the same bytes on every machine)
# in a temporary directory, never committed. Each run is timed by the wall clock and by the
# CPU time of the command; the best run counts. Since the file is our writer's own output, what the
# command prints must be the file again, byte for byte: checked, and the exit status is 1
# when it is not.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-4500}
SEED=${SEED:-1}
RUNS=${RUNS:-3}
target=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet -p fairyboard-cli --bin fairyboard -p fairyboard-lab --bin pgn_corpus
bin=${FAIRYBOARD:-$target/release/fairyboard}

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$target/release/pgn_corpus" --games "$GAMES" --seed "$SEED" >"$dir/games.pgn"
bytes=$(stat -c %s "$dir/games.pgn")
model=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' || true)
echo "machine: ${model:-unknown CPU}, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "file: $GAMES games, $bytes bytes (seed $SEED)"

best_wall= best_cpu=
TIMEFORMAT='%R %U %S'
for ((run = 1; run <= RUNS; run++)); do
  { time "$bin" pgn "$dir/games.pgn" >"$dir/out.pgn"; } 2>"$dir/time"
  read -r wall user sys <"$dir/time"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }')
  printf 'run %d: %s s wall, %s s cpu\n' "$run" "$wall" "$cpu"
  if [[ -z $best_wall ]] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
    best_wall=$wall
  fi
  if [[ -z $best_cpu ]] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
    best_cpu=$cpu
  fi
done
awk -v g="$GAMES" -v b="$bytes" -v w="$best_wall" -v c="$best_cpu" 'BEGIN {
  printf "best: %.2f s wall (%.0f games/s, %.2f MB/s), %.2f s cpu (%.0f games/s)\n",
    w, g / w, b / w / 1e6, c, g / c
}'
if cmp -s "$dir/games.pgn" "$dir/out.pgn"; then
  echo "the output is the file again, byte for byte"
else
  echo "!!! the output differs from the file (our writer's own output):" >&2
  cmp "$dir/games.pgn" "$dir/out.pgn" >&2 || true
  exit 1
fi
