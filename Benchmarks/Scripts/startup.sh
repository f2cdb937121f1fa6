#!/usr/bin/env bash
# Measures launch to first full frame of the planner on a demo wedding of 10,000 guests, and the
# CacheWarmer's share of it.
#
# The release `blueprint` as it ships (dist/, from `.ci/release`) runs in a private tmux server
# (100×30, TERM=xterm-256color, LANG=C.UTF-8). The pane's shell records the wall clock just before it execs the binary
# ("launch"); the planner logs the wall clock once its first full frame (the guests pane, loaded)
# has been handed to the terminal, with how long it waited for the CacheWarmer to load the shown
# pane and how long warming every pane took. One untimed run first brings the files into the page
# cache, as on a machine in use.
#
# Run from anywhere (needs tmux): Benchmarks/Scripts/startup.sh [runs] [guests]
set -euo pipefail
runs=${1:-20}
guests=${2:-10000}
source "$(dirname "$0")/demo-in-tmux.sh" startup

# Waits (up to 10 s) for the log line holding $1 and prints it.
wait_for_log() {
  local line=""
  for _ in $(seq 400); do
    line=$(grep -h "$1" "$work/run.log" 2>/dev/null || true)
    [ -n "$line" ] && { echo "$line"; return 0; }
    sleep 0.025
  done
  echo "no \"$1\" logged; the screen showed:" >&2
  tmux -L "$socket" capture-pane -p -t main >&2
  return 1
}

# One launch: prints "launch-to-frame-ms first-pane-warm-ms all-panes-warm-ms".
launch() {
  rm -f "$work/run.log" "$work/launched"
  tmux -L "$socket" -f "$work/tmux.conf" new-session -d -s main -x 100 -y 30 \
    "date +%s%N > '$work/launched'; exec env TERM=xterm-256color LANG=C.UTF-8 BLUEPRINT_DATA_DIR='$work/data' '$binary' --log-file '$work/run.log'"
  local line warmed
  line=$(wait_for_log "first frame")
  # Warming every pane finishes after the first frame.
  warmed=$(wait_for_log "warmed up")
  tmux -L "$socket" send-keys -t main q
  for _ in $(seq 200); do tmux -L "$socket" has-session 2>/dev/null || break; sleep 0.025; done
  tmux -L "$socket" kill-server 2>/dev/null || true
  local launched at first all
  launched=$(cat "$work/launched")
  at=$(sed -E 's/.* at=([0-9]+).*/\1/' <<<"$line")
  first=$(sed -E 's/.* firstPaneWarmMicroseconds=([0-9]+).*/\1/' <<<"$line")
  all=$(sed -E 's/.* totalMicroseconds=([0-9]+).*/\1/' <<<"$warmed")
  awk -v a="$at" -v l="$launched" -v f="$first" -v w="$all" 'BEGIN { printf "%.1f %.1f %.1f\n", (a - l) / 1e6, f / 1e3, w / 1e3 }'
}

launch >/dev/null
for _ in $(seq "$runs"); do launch; done >"$work/results"

# Prints "p50 … / p90 … / min … / max … ms" of column $1.
summary() {
  cut -d' ' -f"$1" "$work/results" | sort -n | awk '{ v[NR] = $1 } END {
    printf "p50 %.1f / p90 %.1f / min %.1f / max %.1f ms", v[int((NR + 1) / 2)], v[int(NR * 0.9 + 0.5)], v[1], v[NR] }'
}
echo "$guests guests, $runs launches (the release binary from .ci/release)"
echo "launch to first full frame:            $(summary 1)"
echo "of which the shown pane's warm-up:     $(summary 2)"
echo "warming every pane (after frame):       $(summary 3)"
