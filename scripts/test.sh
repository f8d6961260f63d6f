#!/usr/bin/env bash
# Runs every check: set-up, native tests, rustfmt, clippy (native and wasm32), the release wasm
# build, and the browser tests in headless Chromium. Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

# Each step's time, printed at the end so that the next slow step is plain to see.
times=()
began=$SECONDS
timed() { # timed <name> <since>
  times+=("$(printf '%5ds  %s' $((SECONDS - $2)) "$1")")
}

# A check that is one step: it passes or fails as a whole.
step() {
  local name=$1; shift
  local t=$SECONDS
  echo "== $name" >&2
  if "$@" >"$log/step.txt" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "-- FAILED: $name" >&2
    tail -n 60 "$log/step.txt" >&2
  fi
  timed "$name" "$t"
}

t=$SECONDS
if ! bash scripts/setup.sh; then
  echo "set-up failed" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
timed "set-up" "$t"

t=$SECONDS
echo "== cargo test" >&2
# Unit, integration, property, perft and doc tests (benches are not tests: scripts/bench.sh).
cargo test 2>&1 | tee "$log/cargo.txt" | grep -E '^(test result|failures:|---- )' >&2
cargo_status=${PIPESTATUS[0]}
read -r p f < <(awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }' "$log/cargo.txt")
passed=$((passed + p))
failed=$((failed + f))
# A build failure runs no test at all: count it.
if [[ $cargo_status -ne 0 && $f -eq 0 ]]; then
  failed=$((failed + 1))
  tail -n 40 "$log/cargo.txt" >&2
fi

timed "cargo test" "$t"

step "rustfmt" cargo fmt --check
step "clippy (native)" cargo clippy --all-targets -- -D warnings
step "clippy (wasm32)" cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings
step "release wasm build" bash scripts/build.sh

# The browser tests that measure frame times, time a long game or wait on a clock run alone;
# the rest two files at a time (most of their time is spent waiting on the page).
ALONE=(tests/e2e/computer.test.mjs tests/e2e/timing.test.mjs tests/e2e/animations.test.mjs tests/e2e/workerclock.test.mjs tests/e2e/longgame.test.mjs)
browser_tests() { # browser_tests <name> <concurrency> <files...>
  local name=$1 concurrency=$2; shift 2
  local t=$SECONDS
  echo "== $name" >&2
  node --test --test-concurrency="$concurrency" --test-reporter=tap "$@" >"$log/e2e.txt" 2>&1
  local status=$?
  grep -E '^(not ok|# (pass|fail))' "$log/e2e.txt" >&2
  # What each failing test reported (its TAP diagnostic block), so a red run can be read.
  awk '/^not ok/ { show = 1; n = 0 } show && n++ < 40 { print } /^  \.\.\.$/ { show = 0 }' "$log/e2e.txt" >&2
  local p f
  p=$(awk '/^# pass/ {print $3}' "$log/e2e.txt"); f=$(awk '/^# fail/ {print $3}' "$log/e2e.txt")
  passed=$((passed + ${p:-0}))
  failed=$((failed + ${f:-0}))
  if [[ $status -ne 0 && ${f:-0} -eq 0 ]]; then
    failed=$((failed + 1))
    tail -n 40 "$log/e2e.txt" >&2
  fi
  timed "$name" "$t"
}

if [[ -f pkg/fairyboard.js ]]; then
  shared=()
  for f in tests/e2e/*.test.mjs; do
    [[ " ${ALONE[*]} " == *" $f "* ]] || shared+=("$f")
  done
  browser_tests "browser tests (two files at a time)" 2 "${shared[@]}"
  browser_tests "browser tests that time frames (one at a time)" 1 "${ALONE[@]}"
fi

timed "in all" "$began"
echo "== time of each step" >&2
printf '%s\n' "${times[@]}" >&2
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
