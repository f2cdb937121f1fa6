# Sourced by the scripts here, with $guests set: builds the release `blueprint` as it ships, makes a demo
# wedding of $guests guests in a temporary folder ($work/data) and a private tmux server's settings
# ($work/tmux.conf, no status bar); everything goes when the script exits.
# Sets: binary, work, socket ("blueprint-<name>-<pid>" for $1 = name).
# The binary measured is the one that ships: `.ci/release` builds it (Swift runtime linked in,
# stripped) into dist/. (A plain `swift build -c release` links the runtime dynamically, which
# costs about 6 ms more before `main` and makes every runtime call go through the loader's tables.)
# BLUEPRINT_BINARY names another binary to measure instead (one built otherwise, to compare).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [ -n "${BLUEPRINT_BINARY:-}" ]; then
  binary="$BLUEPRINT_BINARY"
else
  "$root/.ci/release" >/dev/null
  binary="$root/dist/blueprint"
fi
work=$(mktemp -d)
socket="blueprint-$1-$$"
# The planner saves and exits when its terminal goes; give it a moment before removing its files.
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work" 2>/dev/null || { sleep 1; rm -rf "$work"; }; }
trap cleanup EXIT

BLUEPRINT_DATA_DIR="$work/data" "$binary" demo --guests "$guests" >/dev/null
printf 'set -g status off\nset -g history-limit 0\n' >"$work/tmux.conf"
