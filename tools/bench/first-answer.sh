#!/usr/bin/env bash
# The newcomer's wait (issue 56): seconds from `git clone` into an empty folder to the
# TateDrez verdict of `tools/run solve tatedrez`, the packages installed already.
#   tools/bench/first-answer.sh [REPO] [RUNS]
# REPO: a path or URL to clone (default: this checkout; its committed HEAD is what is
# cloned, not its work tree). RUNS: how many fresh clones, one after another (default 1).
# Each run clones into a new temporary folder (removed after), so nothing is reused: no
# build tree, no tables (ZUGZWANG_DATA in that folder: a newcomer has none, and solve skips
# tables it finds), and no ccache (CCACHE_DISABLE=1, in case a launcher is configured).
# Prints one line per run and the machine's load average before it, which says whether
# the figure is an idle machine's.
set -euo pipefail
repo="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
runs="${2:-1}"
export CCACHE_DISABLE=1
for ((run = 1; run <= runs; ++run)); do
  folder="$(mktemp -d "${TMPDIR:-/tmp}/zz-first-answer-XXXXXX")"
  export ZUGZWANG_DATA="$folder/data"
  load="$(cut -d' ' -f1-3 /proc/loadavg)"
  start=$(date +%s.%N)
  git clone --quiet "$repo" "$folder/zugzwang"
  commit="$(git -C "$folder/zugzwang" rev-parse --short HEAD)"
  # The verdict is the last thing the command prints; its output is kept for a look after.
  "$folder/zugzwang/tools/run" solve tatedrez >"$folder/answer.txt" 2>"$folder/build.txt"
  end=$(date +%s.%N)
  grep -q "^tatedrez" "$folder/answer.txt" || { echo "run $run: no verdict; see $folder" >&2; exit 1; }
  printf 'run %d: %.1f s from git clone to the verdict (commit %s, %d cores, load before %s)\n' \
    "$run" "$(awk "BEGIN { print $end - $start }")" "$commit" "$(nproc)" "$load"
  rm -rf "$folder"
done
