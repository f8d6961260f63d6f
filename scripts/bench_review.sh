#!/usr/bin/env bash
# The review benchmark (figures to read, not a test; issue 29): per game, the time to review
# the 80-ply game of benches/review/<game>.pgn at the page's REVIEW_NODES, in the shipped
# wasm under node (benches/review.mjs) and in headless Chromium through the real page's
# Review game button, click to summary (benches/review_browser.mjs), with the page's frame
# times (requestAnimationFrame deltas) while the review runs. Targets: at most 20 s a game
# in Chromium; frames median <= 17 ms and 95th percentile <= 25 ms. Wall times: they mean
# most on an idle machine, so the load average is printed first.
# `bash scripts/bench_review.sh [game...]`; `node benches/review.mjs make` remakes the games.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
[[ -f pkg/fairyboard_bg.wasm ]] || bash scripts/build.sh >/dev/null 2>&1

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "== node (wasm, one Engine as the worker's)"
node benches/review.mjs "$@"
echo "== headless Chromium (the page's Review game, click to summary; frames meanwhile)"
browser=$(node benches/review_browser.mjs "$@")
echo "$browser"
echo "== against the targets (20 s a game; frames median <= 17 ms, p95 <= 25 ms)"
awk '{
  ms = $2; med = $10; p95 = $13
  printf "%-11s %6.1f s %-6s frames median %5.1f ms %-6s p95 %5.1f ms %s\n", $1, ms / 1000,
    (ms <= 20000 ? "met" : "MISSED"), med, (med <= 17 ? "met" : "MISSED"), p95, (p95 <= 25 ? "met" : "MISSED")
}' <<<"$browser"
