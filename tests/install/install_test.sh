#!/usr/bin/env bash
# install_test.sh CMAKE BUILD_DIR: `cmake --install` into a fresh prefix, then the installed
# program answers, finds nothing of the build tree, and its docs and completion are there.
set -euo pipefail
cmake="$1" build="$2"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$prefix" >/dev/null
zz="$prefix/bin/zugzwang"
[ -x "$zz" ] || fail "no installed program at $zz"

"$zz" --version | grep -q "^zugzwang [0-9]" || fail "--version"
"$zz" --version | grep -q "^table format [0-9]" || fail "--version lacks the table format"
"$zz" games | grep -q "^tablut" || fail "games"

# A user's first question, with a data directory of their own: solved on demand, answered.
data="$prefix/data"
out="$(cd / && "$zz" query tatedrez start --rule no-move=pass --data "$data" 2>"$prefix/err")"
grep -q "^value     win in 15 plies" <<<"$out" || fail "query: $out"
grep -q "solving the whole game now" "$prefix/err" || fail "no notice of the solve on demand"
[ -f "$data/tatedrez/no-move=pass,rounds=30/movement.zzt" ] || fail "no table written"

# Bad input: one line, exit code 2.
set +e
"$zz" query tatedrez "3/3/3 q" --data "$data" >/dev/null 2>"$prefix/err"
code=$?
set -e
[ "$code" -eq 2 ] || fail "bad position exit code $code"
[ "$(wc -l <"$prefix/err")" -eq 1 ] || fail "bad position: not one line"

doc="$prefix/share/doc/zugzwang"
for f in README.md architecture.md rules/tatedrez.md rules/taktikl.md rules/tablut.md rules/chess.md; do
  [ -f "$doc/$f" ] || fail "missing doc $f"
done

completion="$prefix/share/bash-completion/completions/zugzwang"
[ -f "$completion" ] || fail "no bash completion"
words="$(PATH="$prefix/bin:$PATH" bash -c 'source "$1"; COMP_WORDS=(zugzwang query ta); COMP_CWORD=2; _zugzwang;
  echo "${COMPREPLY[*]}"' _ "$completion")"
[ "$words" = "tatedrez tablut taktikl" ] || fail "completion of games: '$words'"
words="$(PATH="$prefix/bin:$PATH" bash -c 'source "$1"; COMP_WORDS=(zugzwang solve taktikl --rule no-r); COMP_CWORD=4;
  _zugzwang; echo "${COMPREPLY[*]}"' _ "$completion")"
[ "$words" = "no-return=on no-return=off" ] || fail "completion of rules: '$words'"
# The HTTP server, where the build has its plugin: the installed program finds it in
# lib/zugzwang/, not in the build tree, and answers over loopback.
if [ -f "$build/tools/cli/libzugzwang_serve.so" ]; then
  [ -f "$prefix/lib/zugzwang/libzugzwang_serve.so" ] || fail "no server plugin installed under $prefix/lib/zugzwang"
  (cd / && exec "$zz" serve --port 0 --data "$data" >"$prefix/serve.out" 2>"$prefix/serve.err") &
  server=$!
  url=""
  for _ in $(seq 100); do
    url="$(sed -n 's/^zugzwang serve: listening on \([^ ]*\).*/\1/p' "$prefix/serve.out")"
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || fail "serve ended: $(cat "$prefix/serve.err")"
    sleep 0.1
  done
  [ -n "$url" ] || { kill "$server"; fail "serve did not listen"; }
  remoteness="$(/usr/bin/python3 -c "
import json, sys, urllib.request
print(json.load(urllib.request.urlopen(sys.argv[1].rstrip('/') + '/api/query?game=tatedrez&position=start&rule=no-move%3Dpass'))['remoteness'])" "$url")" \
    || { kill "$server"; fail "no answer from the installed server"; }
  kill "$server"
  wait "$server" || true
  [ "$remoteness" = "15" ] || fail "installed server answered '$remoteness'"
fi
# The Python module, where the build has one: importable by Debian's python3 from the prefix.
if compgen -G "$build/python/zugzwang*.so" >/dev/null; then
  site=("$prefix"/lib/python3*/dist-packages)
  [ -d "${site[0]}" ] || fail "no Python module installed under $prefix/lib"
  answer="$(cd / && PYTHONPATH="${site[0]}" /usr/bin/python3 -c "
import zugzwang
print(zugzwang.Game('tatedrez', rules={'no-move': 'pass'}, data='$data').query('start').remoteness)")"
  [ "$answer" = "15" ] || fail "installed Python module answered '$answer'"
fi
# Games written in Python, where the build has the plugin that embeds Python: the installed
# program finds it in lib/zugzwang/ and solves a game file.
if [ -f "$build/tools/cli/libzugzwang_python.so" ]; then
  [ -f "$prefix/lib/zugzwang/libzugzwang_python.so" ] || fail "no Python plugin installed under $prefix/lib/zugzwang"
  cat >"$prefix/take.py" <<'GAME'
class Take:  # take 1 or 2 from a heap of 7; who takes the last wins: 7 % 3 != 0, a first-player win
    def start(self): return 7
    def moves(self, n): return [(str(k), n - k) for k in (1, 2) if k <= n]
    def outcome(self, n): return None
GAME
  out="$(cd / && "$zz" query --game-file "$prefix/take.py" start --data "$data" --json)" || fail "query --game-file"
  grep -q '"value":"win"' <<<"$out" || fail "query --game-file: $out"
fi
echo "installed and used from $prefix"
