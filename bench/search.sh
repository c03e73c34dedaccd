#!/usr/bin/env bash
# Tool search on BFCL: recall@1 and recall@5 of the tools each question's answer calls, over the
# pooled function docs of every BFCL category, for codemode's ranking (BM25F with identifier
# splitting and stemming) beside plain BM25, in one run.
#
#   bash bench/search.sh            # SHOW_MISSES=1 also prints each question the search misses
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/bfcl.py --if-needed >/dev/null
dir="${CARGO_TARGET_DIR:-target}/bfcl"
cargo run --release --quiet -p codemode-search --example bfcl_recall -- "$dir"
