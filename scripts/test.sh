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

step "release wasm build" bash scripts/build.sh

# The browser tests wait on the page more than they compute, so most of them run beside the
# native steps below, once the wasm is built; the files that measure frame times, time a long
# game or wait on a clock run alone at the end. Each browser run leaves its tally and report in $log.
ALONE=(tests/e2e/computer.test.mjs tests/e2e/timing.test.mjs tests/e2e/animations.test.mjs tests/e2e/workerclock.test.mjs tests/e2e/longgame.test.mjs)
browser_tests() { # browser_tests <id> <name> <concurrency> <files...>
  local id=$1 name=$2 concurrency=$3; shift 3
  local t=$SECONDS out="$log/$id.tap"
  node --test --test-concurrency="$concurrency" --test-reporter=tap "$@" >"$out" 2>&1
  local status=$?
  {
    echo "== $name"
    grep -E '^(not ok|# (pass|fail))' "$out"
    # What each failing test reported (its TAP diagnostic block), so a red run can be read.
    awk '/^not ok/ { show = 1; n = 0 } show && n++ < 40 { print } /^  \.\.\.$/ { show = 0 }' "$out"
  } >"$log/$id.report"
  local p f
  p=$(awk '/^# pass/ {print $3}' "$out"); f=$(awk '/^# fail/ {print $3}' "$out")
  p=${p:-0}; f=${f:-0}
  if [[ $status -ne 0 && $f -eq 0 ]]; then
    f=1
    tail -n 40 "$out" >>"$log/$id.report"
  fi
  echo "$p $f $((SECONDS - t))" >"$log/$id.tally"
}
browser_result() { # browser_result <id> <name>: adds a finished browser run to the counts
  cat "$log/$1.report" >&2
  local p f s
  read -r p f s <"$log/$1.tally"
  passed=$((passed + p))
  failed=$((failed + f))
  times+=("$(printf '%5ds  %s' "$s" "$2")")
}

browser_pid=
if [[ -f pkg/fairyboard.js ]]; then
  shared=()
  for f in tests/e2e/*.test.mjs; do
    [[ " ${ALONE[*]} " == *" $f "* ]] || shared+=("$f")
  done
  echo "== browser tests started (two files at a time, beside the native steps)" >&2
  browser_tests shared "browser tests (two files at a time, beside the native steps)" 2 "${shared[@]}" &
  browser_pid=$!
fi

t=$SECONDS
echo "== cargo test" >&2
# Unit, integration, property, perft and doc tests of every crate: the core, the command line
# (its binary run as a program) and the lab (benches are not tests: scripts/bench.sh).
cargo test --workspace --no-fail-fast 2>&1 | tee "$log/cargo.txt" | grep -E '^(test result|failures:|---- )' >&2
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

step "rustfmt" cargo fmt --all --check
step "clippy (native)" cargo clippy --workspace --all-targets -- -D warnings
step "clippy (wasm32)" cargo clippy -p fairyboard -p fairyboard-wasm --lib --target wasm32-unknown-unknown -- -D warnings

if [[ -n $browser_pid ]]; then
  wait "$browser_pid"
  browser_result shared "browser tests (two files at a time, beside the native steps)"
  browser_tests alone "browser tests that time frames (one at a time)" 1 "${ALONE[@]}"
  browser_result alone "browser tests that time frames (one at a time)"
fi

timed "in all" "$began"
echo "== time of each step" >&2
printf '%s\n' "${times[@]}" >&2
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
