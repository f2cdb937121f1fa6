#!/usr/bin/env bash
# Lists the functions the planner runs from launch until it is warm on a 10,000-guest demo, marks
# a guest attending and shows each pane, into .ci/link/startup-functions.txt. `.ci/release` lays
# those functions out first and together in the binary, so the code a session runs is read in as
# a few megabytes rather than pages scattered over all 31 MB of code (the kernel maps a file's
# pages 64 KB at a time around each page touched).
#
# Run it again when the startup path changes much; a name no longer in the binary is skipped, so
# an old list only loses its effect slowly (`Benchmarks/Scripts/memory.sh` shows it).
# Needs valgrind (apt-get install valgrind), python3, tmux and Linux. About a minute after the build.
set -euo pipefail
command -v valgrind >/dev/null || { echo "startup-functions: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
"$root/.ci/release" >/dev/null
work=$(mktemp -d)
socket="blueprint-startup-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# valgrind 3.19 cannot read the toolchain's DWARF 5 debug information; the symbol table is all it needs.
strip --strip-debug -o "$work/blueprint" "$root/.build-release/release/blueprint"
BLUEPRINT_DATA_DIR="$work/data" "$work/blueprint" demo --guests 10000 >/dev/null
printf 'set -g status off\nset -g history-limit 0\n' >"$work/tmux.conf"
tmux -L "$socket" -f "$work/tmux.conf" new-session -d -s main -x 100 -y 30 \
  "env TERM=xterm-256color LANG=C.UTF-8 BLUEPRINT_DATA_DIR='$work/data' valgrind --tool=callgrind --demangle=no \
   --compress-strings=no --callgrind-out-file='$work/callgrind.out' '$work/blueprint' --log-file '$work/run.log' \
   2>'$work/valgrind.log'; touch '$work/done'; sleep 60"

wait_for() { # seconds, then a test
  local seconds=$1; shift
  for _ in $(seq $((seconds * 10))); do "$@" && return 0; sleep 0.1; done
  echo "startup-functions: gave up waiting for: $*" >&2; exit 1
}
shows() { tmux -L "$socket" capture-pane -p -t main | grep -q "$1"; }
wait_for 600 grep -qs "warmed up" "$work/run.log"
tmux -L "$socket" send-keys -t main A
wait_for 60 shows ": attending"
for pane in 0 2 3 4 5 6 7 8 1; do
  tmux -L "$socket" send-keys -t main "$pane"
  sleep 2
done
tmux -L "$socket" send-keys -t main q
wait_for 120 test -e "$work/done"

# The callgrind profile names each function once per object (`ob=`) as it first costs (`fn=`),
# recursion levels with a `'2` suffix, and a function without a symbol by its address (named here
# by the symbol before it). Sorted, so that running this again changes only the lines that differ.
nm -n --defined-only "$work/blueprint" >"$work/symbols.txt"
python3 - "$work/blueprint" "$work/symbols.txt" "$work/callgrind.out" >"$root/.ci/link/startup-functions.txt" <<'PY'
import bisect, re, sys
binary, symbols, profile = sys.argv[1:]
table = [(int(address, 16), name) for address, kind, name in
         (line.split(maxsplit=2) for line in open(symbols)) if kind in "tTwW"]
addresses = [address for address, _ in table]
names, ours = set(), False
for line in open(profile, errors="replace"):
    if line.startswith("ob="):
        ours = line[3:].strip() == binary
    elif line.startswith("fn=") and ours:
        name = re.sub(r"'\d+$", "", line[3:].strip())
        if name.startswith("0x"):
            index = bisect.bisect_right(addresses, int(name, 16)) - 1
            name = table[index][1].strip() if index >= 0 else name
        if not name.startswith("("):
            names.add(name)
print("\n".join(sorted(names)))
PY
echo "startup-functions: $(wc -l <"$root/.ci/link/startup-functions.txt") functions in .ci/link/startup-functions.txt"
