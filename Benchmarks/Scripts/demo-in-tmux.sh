# Sourced by the scripts here, with $guests set: builds the release `blueprint`, makes a demo wedding of $guests
# guests in a temporary folder ($work/data) and a private tmux server's settings
# ($work/tmux.conf, no status bar); everything goes when the script exits.
# Sets: binary, work, socket ("blueprint-<name>-<pid>" for $1 = name).
benchmarks="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The release build of the benchmarks package already holds every library blueprint needs.
swift build -c release --package-path "$benchmarks" --product blueprint >/dev/null
binary="$benchmarks/.build/release/blueprint"
work=$(mktemp -d)
socket="blueprint-$1-$$"
# The planner saves and exits when its terminal goes; give it a moment before removing its files.
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work" 2>/dev/null || { sleep 1; rm -rf "$work"; }; }
trap cleanup EXIT

BLUEPRINT_DATA_DIR="$work/data" "$binary" demo --guests "$guests" >/dev/null
printf 'set -g status off\nset -g history-limit 0\n' >"$work/tmux.conf"
