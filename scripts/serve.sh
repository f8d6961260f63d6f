#!/usr/bin/env bash
# Sets up, builds the wasm engine, and serves the page: bash scripts/serve.sh [port]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh && bash scripts/build.sh && exec node scripts/serve.mjs "$@"
