#!/usr/bin/env bash
# Installs everything the build and the tests need; safe to run again (each step checks first).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '== setup: %s\n' "$*" >&2; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32 target"
  rustup target add wasm32-unknown-unknown >&2
fi
rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy >&2
rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt >&2

# The bindings CLI must match the wasm-bindgen crate exactly: read the version from Cargo.lock.
[[ -f Cargo.lock ]] || cargo generate-lockfile >&2
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [[ "$have" != "$want" ]]; then
  say "installing wasm-bindgen-cli $want (a few minutes, once per machine)"
  cargo install wasm-bindgen-cli --version "$want" --locked >&2 \
    || cargo install wasm-bindgen-cli --version "$want" >&2
fi

if [[ ! -x /usr/bin/chromium ]]; then
  say "installing chromium"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
fi

if [[ ! -x node_modules/.bin/wasm-opt || ! -d node_modules/playwright-core || ! -d node_modules/esbuild \
  || ! -d node_modules/gifenc || ! -d node_modules/gifuct-js ]]; then
  say "installing npm packages (playwright-core, binaryen, esbuild, gifenc, gifuct-js)"
  npm ci --no-audit --no-fund --loglevel=error >&2
fi
say "ready"
