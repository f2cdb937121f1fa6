#!/usr/bin/env bash
# Load figure of the guests' RSVP pages (issue #27): `wrk` against a release-built
# `blueprint serve` on a demo wedding, with the rate limits raised far past the load.
#
#   pages    GET /r/TOKEN rotating over every household's link: pages per second (200s), p99.
#   answers  POST a whole form (its form token read from the household's page beforehand)
#            rotating over the households: answers per second (303s, saved), p99.
#
# Afterwards it counts that nothing was lost: the activity holds one "rsvpAnswered" entry per
# saved answer (303; plus those still in flight when wrk stopped), and `export guests` shows the
# answer of every household the activity names, and of no other. Targets: at
# least 2,000 pages/s and 200 answers/s, p99 under 50 ms.
#
# Measure on a quiet machine: it prints the load average first and refuses above 0.5 (other
# builds running) unless RSVP_LOAD_ANYWAY=1 (figures then not to report).
#
# Run from anywhere (needs wrk: apt-get install -y wrk):
#   Benchmarks/Scripts/rsvp-load.sh [seconds] [guests] [connections]
# BLUEPRINT=path/to/blueprint uses that binary instead of building the release one.
set -euo pipefail
seconds=${1:-20}
guests=${2:-5000}
connections=${3:-32}
root=$(cd "$(dirname "$0")/../.." && pwd)
script_dir="$root/Benchmarks/Scripts"
python=/usr/bin/python3

command -v wrk >/dev/null || { echo "rsvp-load: wrk is missing: apt-get install -y wrk" >&2; exit 1; }
command -v curl >/dev/null || { echo "rsvp-load: curl is missing: apt-get install -y curl" >&2; exit 1; }

load=$(cut -d' ' -f1 /proc/loadavg)
echo "load average (1 min): $load on $(nproc) cores"
if [ "${RSVP_LOAD_ANYWAY:-0}" != 1 ] && awk -v l="$load" 'BEGIN { exit !(l > 0.5) }'; then
  echo "rsvp-load: the machine is busy (load $load): measure when nothing else runs, or RSVP_LOAD_ANYWAY=1" >&2
  exit 1
fi

if [ -z "${BLUEPRINT:-}" ]; then
  (cd "$root" && swift build -c release --product blueprint 2>&1 | grep -E "error|warning: " >&2 || true)
  BLUEPRINT="$root/.build/release/blueprint"
fi
[ -x "$BLUEPRINT" ] || { echo "rsvp-load: no binary at $BLUEPRINT" >&2; exit 1; }

work=$(mktemp -d /tmp/rsvp-load.XXXXXX)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
export BLUEPRINT_DATA_DIR="$work/data" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" LANG=C.UTF-8

port=$($python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$BLUEPRINT" demo --guests "$guests" --seed 27 >/dev/null
"$BLUEPRINT" invite links --format json --base-url "$base" > "$work/links.json"

"$BLUEPRINT" serve --listen "127.0.0.1:$port" --base-url "$base" \
  --requests-per-minute 100000000 --link-requests-per-minute 100000000 > "$work/serve.log" 2>&1 &
server_pid=$!
for _ in $(seq 300); do
  curl -fs "$base/healthz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { echo "rsvp-load: serve ended:" >&2; cat "$work/serve.log" >&2; exit 1; }
  sleep 0.1
done

# The requests: every household's token, and for each a whole form from its page (every member
# attending with the first meal, the dietary needs naming this run, a guest where one is allowed).
marker="load run $$"
$python - "$work" "$base" "$marker" <<'PY'
import json, re, sys, urllib.parse, urllib.request
work, base, marker = sys.argv[1:]
links = json.load(open(f"{work}/links.json"))
with open(f"{work}/pages.txt", "w") as pages, open(f"{work}/answers.txt", "w") as answers, \
        open(f"{work}/posted.json", "w") as posted:
    households = {}
    for entry in links:
        token = entry["link"].rsplit("/r/", 1)[1]
        pages.write(token + "\n")
        html = urllib.request.urlopen(f"{base}/r/{token}", timeout=10).read().decode()
        form_token = re.search(r'name="form-token" value="([^"]+)"', html)
        if not form_token:
            sys.exit(f"rsvp-load: {entry['household']}'s page has no form (answers closed?)")
        meal = re.search(r'<option value="([^"]+)"', html)
        fields = [("form-token", form_token.group(1))]
        for member in sorted(set(re.findall(r'name="attending-([0-9A-F-]+)"', html))):
            fields += [(f"attending-{member}", "yes"), (f"meal-{member}", meal.group(1) if meal else ""),
                       (f"dietary-{member}", marker)]
            if f'name="plus-one-name-{member}"' in html:
                fields += [(f"plus-one-name-{member}", "Load Guest"), (f"plus-one-meal-{member}", "")]
        fields.append(("message", marker))
        answers.write(token + "\t" + urllib.parse.urlencode(fields) + "\n")
        households[entry["household"].strip().lower()] = len(fields)
    json.dump(households, posted)
PY

# Runs wrk in mode $1 over the request file $2; prints "requests-per-s p50 p99 ok-count other".
run_wrk() {
  local mode=$1 requests=$2 ok_status=$3
  RSVP_MODE=$mode RSVP_REQUESTS=$requests RSVP_ORIGIN=$base \
    wrk -t2 -c"$connections" -d"${seconds}s" --timeout 10s --latency -s "$script_dir/rsvp-load.lua" "$base" > "$work/wrk-$mode.txt"
  awk -v ok="$ok_status" '
    $1 == "status" { if ($2 == ok) good += $3; else other = other $3 "×" $2 " " }
    $1 == "errors" { errors = $2 } $1 == "seconds" { s = $2 } $1 == "p50_ms" { p50 = $2 } $1 == "p99_ms" { p99 = $2 }
    END { printf "%.0f %s %s %d %s\n", good / s, p50, p99, good, (other == "" ? "none" : other) (errors ? " socket errors " errors : "") }
  ' "$work/wrk-$mode.txt"
}

# The activity's answers, newest first, one "guest: HOUSEHOLD" author a line.
activity_answers() {
  "$BLUEPRINT" activity --json | $python -c '
import json, sys
for entry in json.load(sys.stdin):
    if entry["operation"] == "rsvpAnswered":
        print(entry["author"] or "")'
}

before=$(activity_answers | wc -l)
read -r page_rate page_p50 page_p99 page_count page_other < <(run_wrk pages "$work/pages.txt" 200)
read -r answer_rate answer_p50 answer_p99 answer_count answer_other < <(run_wrk answers "$work/answers.txt" 303)
# The answers in flight when wrk stopped still land: count once the activity stops growing.
activity_answers > "$work/activity.txt"
for _ in $(seq 30); do
  sleep 1
  activity_answers > "$work/activity-again.txt"
  cmp -s "$work/activity.txt" "$work/activity-again.txt" && break
  mv "$work/activity-again.txt" "$work/activity.txt"
done
landed=$(( $(wc -l < "$work/activity.txt") - before ))
head -n "$landed" "$work/activity.txt" > "$work/answered.txt"

# Every household with an answer in the activity shows it in `export guests`: every member
# attending with this run's note; and no other household shows it.
mismatched=$("$BLUEPRINT" export guests --format json | $python -c '
import json, sys
marker, answered_file = sys.argv[1], sys.argv[2]
answered = {line.strip().removeprefix("guest: ").lower() for line in open(answered_file) if line.strip()}
shown, partial = set(), set()
for guest in json.load(sys.stdin):
    household = guest["household"].strip().lower() or "guest:" + guest["id"].lower()
    landed = guest["rsvp"] == "attending" and guest["dietaryRestrictions"] == marker
    (shown if landed else partial).add(household)
print(len(answered ^ shown) + len(answered & partial))' "$marker" "$work/answered.txt")
answered=$(sort -u "$work/answered.txt" | wc -l)
households=$(wc -l < "$work/pages.txt")

printf '\n%-8s %10s %9s %9s %9s  %s\n' "" "per s" "p50 ms" "p99 ms" "count" "other statuses"
printf '%-8s %10s %9s %9s %9s  %s\n' pages "$page_rate" "$page_p50" "$page_p99" "$page_count" "$page_other"
printf '%-8s %10s %9s %9s %9s  %s\n' answers "$answer_rate" "$answer_p50" "$answer_p99" "$answer_count" "$answer_other"
echo
echo "$guests demo guests in $households households; wrk -t2 -c$connections -d${seconds}s; $(basename "$BLUEPRINT") at $BLUEPRINT"
echo "answers saved (303): $answer_count; in the activity: $landed (from $answered households); households whose export differs: $mismatched"
# wrk stops with up to one answer in flight per connection; the server still saves those.
if [ "$landed" -lt "$answer_count" ] || [ "$landed" -gt "$((answer_count + connections))" ] || [ "$mismatched" -ne 0 ]; then
  echo "rsvp-load: answers were lost" >&2
  exit 1
fi
