#!/usr/bin/env bash
# Counts the bytes the planner sends to a real terminal for one scroll step in the guests pane.
#
# The release `blueprint` runs in a private tmux server (100×30, TERM=xterm-256color, LANG=C.UTF-8)
# on a demo wedding of 10,000 guests. For each key, tmux's `pipe-pane -O` copies everything the
# program writes to its terminal into a fresh file; once the file stops growing the step is over
# and its size is what ncurses sent for that key. Measured: moving the selection within the view,
# scrolling the table by one row (the selection at the bottom edge), and two idle seconds.
#
# Run from anywhere (needs tmux): Benchmarks/Scripts/scroll-bytes.sh [steps]
set -euo pipefail
steps=${1:-20}
guests=10000
source "$(dirname "$0")/demo-in-tmux.sh" bytes
tmux -L "$socket" -f "$work/tmux.conf" new-session -d -s main -x 100 -y 30 \
  "env TERM=xterm-256color LANG=C.UTF-8 BLUEPRINT_DATA_DIR='$work/data' XDG_STATE_HOME='$work/state' '$binary'"

# Waits (up to 10 s) until the screen shows $1.
wait_for() {
  for _ in $(seq 200); do
    tmux -L "$socket" capture-pane -p -t main | grep -q "$1" && return 0
    sleep 0.05
  done
  echo "timed out waiting for: $1" >&2; exit 1
}

# Sends key $1 and prints how many bytes the program wrote to the terminal for it.
bytes_for_key() {
  local file="$work/step"
  : >"$file"
  tmux -L "$socket" pipe-pane -O -t main "cat >> '$file'"
  tmux -L "$socket" send-keys -t main "$1"
  local last=-1 same=0 size
  for _ in $(seq 200); do
    sleep 0.05
    size=$(stat -c %s "$file")
    if [ "$size" -gt 0 ] && [ "$size" -eq "$last" ]; then same=$((same + 1)); else same=0; fi
    last=$size
    [ "$same" -ge 3 ] && break
  done
  tmux -L "$socket" pipe-pane -t main
  echo "$size"
}

# Prints "min / mean / max" of $steps measurements of key $1.
measure() {
  local sizes=()
  for _ in $(seq "$steps"); do sizes+=("$(bytes_for_key "$1")"); done
  printf '%s\n' "${sizes[@]}" | sort -n | awk '{ a[NR] = $1; s += $1 } END { printf "min %d / mean %.0f / max %d bytes", a[1], s / NR, a[NR] }'
}

wait_for "GUESTS │ 10000 guests"
echo "selection moves one row within the view (j):  $(measure j)"
for _ in $(seq 30); do tmux -L "$socket" send-keys -t main j; done
sleep 0.5
echo "table scrolls one row (j at the bottom edge): $(measure j)"
echo "table scrolls one row back (k at the top edge): $(for _ in $(seq 30); do tmux -L "$socket" send-keys -t main k; done; sleep 0.5; measure k)"
: >"$work/idle"
tmux -L "$socket" pipe-pane -O -t main "cat >> '$work/idle'"
sleep 2
tmux -L "$socket" pipe-pane -t main
echo "two idle seconds: $(stat -c %s "$work/idle") bytes"
