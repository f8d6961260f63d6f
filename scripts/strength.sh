#!/usr/bin/env bash
# Playing strength, the whole set (figures to read, not a test; not run by CI):
#  1. in every game, level 8 at MOVETIME ms a move against random and against greedy
#     (SANITY_GAMES games each);
#  2. in the games of LADDER_LIST (default orthodox only), the ladder: each level against
#     the one below (2 vs 1 ... 7 vs 6 at their node limits, then 8 at MOVETIME ms vs 7),
#     LADDER_GAMES games per pair;
#  3. orthodox: level 8 at SF_MOVETIME ms a move against Stockfish 15.1 limited to
#     UCI_Elo 1350, 1600, 1900 and 2200 at the same time per move, SF_GAMES games each.
# Every match prints one summary line `A vs B: +W =D -L (score x%) Elo diff E ± M (95%)
# [lo, hi]` and a few lines under it (see the doc comment of crates/lab/src/bin/strength/main.rs,
# which also runs single matches: `cargo run --release -p fairyboard-lab --bin strength -- --help`).
#
# Parameters (environment variables) and defaults; the full run takes about 5 hours on
# 2 cores (sanity ~1 h, the orthodox ladder ~2 h, Stockfish ~2 h):
#   GAMES_LIST="orthodox vagabond bandit quarter pawnier riftwalker"
#   MOVETIME=1000 SANITY_GAMES=20 LADDER_GAMES=60
#   SF_MOVETIME=1000 SF_GAMES=40 SF_ELOS="1350 1600 1900 2200"
#   THREADS=2 SEED=1 RANDOM_PLIES=4 MAX_PLIES=400
#   LADDER_LIST=orthodox             (the variants' ladders take far longer: level 7's
#                                     300,000 nodes a move are 1-2 s in orthodox, 2-8 s in
#                                     Vagabond and Quarter; LADDER_LIST="$GAMES_LIST" for all)
#   PARTS="sanity ladder stockfish"  (which parts to run)
#   VERBOSE=1                        (one line per game)
#   LADDER_FROM=2 LADDER_TO=8        (the ladder's pairs: LADDER_FROM vs one below, up to
#                                     LADDER_TO vs one below)
# QUICK=1: a smoke run of everything in a few minutes: 2 games per match at 50 ms a move,
# the ladder in every game but only from 2 vs 1 to 5 vs 4 (level 7's 300,000 nodes take
# 1-2 s a move in orthodox and far more in Vagabond, so 7 vs 6 and 8 vs 7 are no smoke
# test).
# Time per move is wall-clock time: run on an otherwise idle machine with THREADS at most
# the free cores. Under load a time-limited player (level 8, Stockfish) gets a fraction of
# a core while levels 1-7 (node limits) do not, so 8 vs 7 turns upside down (seen at load
# 12 on 2 cores: orthodox level 7's 300,000 nodes took 7.7 s a move, 0.7 s of CPU).
# The exit status is 1 if any game had an illegal move or a failing player (lines marked
# '!!!' say which), 2 on bad arguments.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${QUICK:-0}" == 1 ]]; then
  : "${MOVETIME:=50}" "${SANITY_GAMES:=2}" "${LADDER_GAMES:=2}"
  : "${SF_MOVETIME:=50}" "${SF_GAMES:=2}" "${LADDER_TO:=5}"
  : "${LADDER_LIST:=${GAMES_LIST:-orthodox vagabond bandit quarter pawnier riftwalker}}"
fi
GAMES_LIST=${GAMES_LIST:-"orthodox vagabond bandit quarter pawnier riftwalker"}
MOVETIME=${MOVETIME:-1000}
SANITY_GAMES=${SANITY_GAMES:-20}
LADDER_GAMES=${LADDER_GAMES:-60}
SF_MOVETIME=${SF_MOVETIME:-1000}
SF_GAMES=${SF_GAMES:-40}
SF_ELOS=${SF_ELOS:-"1350 1600 1900 2200"}
THREADS=${THREADS:-2}
SEED=${SEED:-1}
RANDOM_PLIES=${RANDOM_PLIES:-4}
MAX_PLIES=${MAX_PLIES:-400}
PARTS=${PARTS:-"sanity ladder stockfish"}
LADDER_LIST=${LADDER_LIST:-orthodox}
LADDER_FROM=${LADDER_FROM:-2}
LADDER_TO=${LADDER_TO:-8}

# Stockfish (Debian's package puts it in /usr/games, off root's usual PATH).
if [[ " $PARTS " == *" stockfish "* && " $GAMES_LIST " == *" orthodox "* ]] \
  && [[ ! -x "${STOCKFISH:-/usr/games/stockfish}" ]]; then
  (apt-get update -qq && apt-get install -y -qq stockfish) >/dev/null
fi

cargo build --release -p fairyboard-lab --bin strength --quiet
bin=target/release/strength

common=(--threads "$THREADS" --seed "$SEED" --random-plies "$RANDOM_PLIES" --max-plies "$MAX_PLIES")
[[ "${VERBOSE:-0}" == 1 ]] && common+=(--verbose)

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# MOVETIME=$MOVETIME SANITY_GAMES=$SANITY_GAMES LADDER_GAMES=$LADDER_GAMES" \
  "SF_MOVETIME=$SF_MOVETIME SF_GAMES=$SF_GAMES LADDER=$LADDER_FROM-$LADDER_TO THREADS=$THREADS SEED=$SEED"

status=0
run() {
  echo "\$ strength $*"
  "$bin" "$@" "${common[@]}" || { rc=$?; echo "!!! exit status $rc"; status=1; }
}

for game in $GAMES_LIST; do
  if [[ " $PARTS " == *" sanity "* ]]; then
    run sanity --game "$game" --games "$SANITY_GAMES" --level8 "level:8@${MOVETIME}ms"
  fi
done
for game in $LADDER_LIST; do
  if [[ " $PARTS " == *" ladder "* ]]; then
    run ladder --game "$game" --games "$LADDER_GAMES" --level8 "level:8@${MOVETIME}ms" \
      --from "$LADDER_FROM" --to "$LADDER_TO"
  fi
done
if [[ " $PARTS " == *" stockfish "* && " $GAMES_LIST " == *" orthodox "* ]]; then
  for elo in $SF_ELOS; do
    run match --game orthodox --games "$SF_GAMES" \
      --white "level:8@${SF_MOVETIME}ms" --black "stockfish:${elo}@${SF_MOVETIME}"
  done
fi
exit $status
