#!/usr/bin/env bash
# Measures the planner's peak memory (VmHWM, the resident set's high-water mark) with a demo
# wedding open and one edit made: the figure issue #26 sets goals for (100,000 guests ≤ 120 MB,
# 10,000 ≤ 40 MB) and compares with VisiData holding the same guests.
#
# The release `blueprint` as it ships (dist/, from `.ci/release`) runs in a private tmux server
# (100×30, TERM=xterm-256color, LANG=C.UTF-8) on a demo of each size. Once every pane is warm
# ("warmed up" in its log), the peak so far is read; then `A` marks the selected guest attending; once the status line says so,
# VmHWM and VmRSS are read from /proc before quitting.
#
# Run from anywhere (needs tmux, Linux): Benchmarks/Scripts/memory.sh [guests ...]   (default: 10000 100000)
set -euo pipefail
sizes=("${@:-10000 100000}")
[ $# -eq 0 ] && sizes=(10000 100000)

measure() {
  guests=$1
  source "$(dirname "$0")/demo-in-tmux.sh" memory
  tmux -L "$socket" -f "$work/tmux.conf" new-session -d -s main -x 100 -y 30 \
    "exec env TERM=xterm-256color LANG=C.UTF-8 BLUEPRINT_DATA_DIR='$work/data' '$binary' --log-file '$work/run.log'"
  local pid
  pid=$(tmux -L "$socket" list-panes -t main -F '#{pane_pid}')
  for _ in $(seq 1200); do grep -q "warmed up" "$work/run.log" 2>/dev/null && break; sleep 0.05; done
  sleep 0.5
  local opened
  opened=$(awk '/^VmHWM/ { print int($2 / 1024) }' "/proc/$pid/status")
  tmux -L "$socket" send-keys -t main A
  for _ in $(seq 400); do tmux -L "$socket" capture-pane -p -t main | grep -q ": attending" && break; sleep 0.05; done
  sleep 1
  local peak resident
  peak=$(awk '/^VmHWM/ { print int($2 / 1024) }' "/proc/$pid/status")
  resident=$(awk '/^VmRSS/ { print int($2 / 1024) }' "/proc/$pid/status")
  tmux -L "$socket" send-keys -t main q
  for _ in $(seq 200); do tmux -L "$socket" has-session 2>/dev/null || break; sleep 0.025; done
  echo "$guests guests: peak $opened MB once open and warm, $peak MB after one edit (VmHWM); resident now $resident MB"
}

for size in "${sizes[@]}"; do (measure "$size"); done
