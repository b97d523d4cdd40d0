#!/usr/bin/env bash
# Measures the Users tab at 10,000, 100,000 and 1,000,000 users
# (PERFORMANCE.md, "Users at scale"): the sandbox's start and its GET /users,
# then the dashboard in a 200x60 pty (../shared/tools/ptyrun.py):
#   load:  key 4, time until the list's first rows are drawn (a first read
#          of more than 2,048 users shows them while the rest is decoded),
#          and, in a second run, until the whole list is;
#   type:  keys 4 and /, then a letter every 100 ms while the list loads:
#          key-to-output latency (keys answered while it loads); this run
#          talks to a second sandbox that answers after 0.75-2.25 s
#          (--latency 1500ms), so that the list is still arriving and being
#          decoded when the keys start, 2 s after the 4;
#   filter: keys 4 and / once the list is shown, then 1 every 150 ms:
#          key-to-output latency of the filter (the first key scans every
#          user, the next ones the last matches);
#   twice: key 4, ctrl+r once the list is shown (a second read of the
#          whole list), peak and final RSS.
#
#   scripts/users_scale.sh
#   SIZES="100000" scripts/users_scale.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PTYRUN=${PTYRUN:-$ROOT/../shared/tools/ptyrun.py}
SIZES=${SIZES:-"10000 100000 1000000"}
WORK=$(mktemp -d)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$WORK"
}
trap cleanup EXIT
(cd "$ROOT" && go build -o "$WORK/stratop" .)
port=$((20000 + RANDOM % 10000)) # below the ephemeral range
PTY=(python3 "$PTYRUN" --cols 200 --rows 60 --env STRATOP_API_KEY=demo-key --env STRATOP_API_SECRET=demo-secret
	--env XDG_STATE_HOME="$WORK/state" --env XDG_CONFIG_HOME="$WORK/config")

echo "| users | sandbox ready | sandbox GET /users | sandbox peak RSS | first rows | whole list | key p50 / p95 while loading | filter key p50 / p95 | peak RSS, two reads | RSS after | load (uptime) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for n in $SIZES; do
	port=$((port + 1))
	start=$(date +%s.%N)
	: >"$WORK/sandbox.log"
	"$WORK/stratop" sandbox --tick 0 --users "$n" --addr "127.0.0.1:$port" >"$WORK/sandbox.log" 2>&1 &
	sb=$!
	PIDS+=($sb)
	until grep -q listening "$WORK/sandbox.log"; do sleep 0.02; done
	ready=$(echo "$(date +%s.%N) - $start" | bc)
	get=$(curl -s -o /dev/null -w "%{size_download} B in %{time_total} s" -H "X-API-Key: demo-key" -H "X-API-Secret: demo-secret" "http://127.0.0.1:$port/api/v1/users")
	sbhwm=$(awk '/VmHWM/ {print $2}' /proc/$sb/status)
	url="http://127.0.0.1:$port"
	case $n in 1000000) long=25 ;; 100000) long=8 ;; *) long=4 ;; esac

	load=$("${PTY[@]}" --settle 1.7 --window "$long" --pre 4 --marker "users · row 1 of" -- "$WORK/stratop" --base-url "$url")
	whole=$("${PTY[@]}" --settle 1.7 --window "$long" --pre 4 --marker "$n users · row 1 of" -- "$WORK/stratop" --base-url "$url")
	slow=$((port + 5000))
	: >"$WORK/slow.log"
	"$WORK/stratop" sandbox --tick 0 --users "$n" --latency 1500ms --addr "127.0.0.1:$slow" >"$WORK/slow.log" 2>&1 &
	sl=$!
	PIDS+=($sl)
	until grep -q listening "$WORK/slow.log"; do sleep 0.02; done
	typed=$("${PTY[@]}" --settle 1.8 --window 10 --pre 4/ --keys a:0.1:90 --marker "of $n users" -- "$WORK/stratop" --base-url "http://127.0.0.1:$slow")
	kill "$sl"
	filter=$("${PTY[@]}" --settle "$long" --window 7 --pre 4/ --keys 1:0.15:40 -- "$WORK/stratop" --base-url "$url")
	twice=$("${PTY[@]}" --settle "$long" --window "$long" --pre 4 --keys $'\x12:1:1' -- "$WORK/stratop" --base-url "$url")
	kill "$sb"
	python3 - "$n" "$ready" "$get" "$sbhwm" "$load" "$whole" "$typed" "$filter" "$twice" "$(uptime | sed 's/.*average: //')" <<'PY'
import json, sys
n, ready, get, sbhwm = sys.argv[1:5]
load, whole, typed, filt, twice = (json.loads(x) for x in sys.argv[5:10])
def at(run):
    t = run["first_frame_ms"]
    return f'{(t - 200) / 1000:.2f} s' if t else "not drawn"
print(f'| {int(n):,} | {float(ready):.2f} s | {get} | {int(sbhwm) / 1024:.0f} MB | {at(load)} | {at(whole)} | '
      f'{typed["key_lat_ms_p50"]} / {typed["key_lat_ms_p95"]} ms | {filt["key_lat_ms_p50"]} / {filt["key_lat_ms_p95"]} ms | {twice["vmhwm_kb"] / 1024:.1f} MB | {twice["vmrss_kb"] / 1024:.1f} MB | {sys.argv[10]} |')
PY
done
