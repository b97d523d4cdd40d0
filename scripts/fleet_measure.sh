#!/usr/bin/env bash
# Measures the interactive fleet of N integrations polled at 5 s beside the
# dashboard of one of them, each in a real 200x60 pty (../shared/tools/ptyrun.py),
# one after the other, so both see the same load of a shared machine:
# RSS (VmRSS, VmHWM) at the end of the window and CPU over it
# (PERFORMANCE.md, "Fleet").
#
#   scripts/fleet_measure.sh                    # 50 integrations, 60 s window
#   N=10 WINDOW=30 scripts/fleet_measure.sh
#   SANDBOXES=10 scripts/fleet_measure.sh       # servers the profiles spread over
#
# The profiles are saved with `stratop login --store file` in a scratch HOME,
# spread round-robin over SANDBOXES `stratop sandbox --tick 0` processes on
# loopback (each member still has its own client, connections and state;
# the sandboxes' own CPU and memory are not counted). The fleet polls each
# profile at the settings' default interval (5 s); the dashboard runs with
# --interval 5s on the Overview.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PTYRUN=${PTYRUN:-$ROOT/../shared/tools/ptyrun.py}
[[ -f $PTYRUN ]] || PTYRUN=$ROOT/../../shared/tools/ptyrun.py # from a git worktree beside the checkout
N=${N:-50}
SANDBOXES=${SANDBOXES:-5}
WINDOW=${WINDOW:-60}
SETTLE=${SETTLE:-15}
BASEPORT=${BASEPORT:-18931}
WORK=$(mktemp -d)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$WORK"
}
trap cleanup EXIT

(cd "$ROOT" && go build -o "$WORK/stratop" .)
export HOME=$WORK/home XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state
unset STRATOP_API_KEY STRATOP_API_SECRET STRATOP_BASE_URL STRATOP_PROFILE STRATOP_CONFIG
mkdir -p "$HOME"

for i in $(seq 0 $((SANDBOXES - 1))); do
	port=$((BASEPORT + i))
	"$WORK/stratop" sandbox --tick 0 --addr "127.0.0.1:$port" >"$WORK/sandbox$i.log" 2>&1 &
	PIDS+=($!)
done
for i in $(seq 0 $((SANDBOXES - 1))); do
	for _ in $(seq 100); do
		grep -q listening "$WORK/sandbox$i.log" && break
		sleep 0.1
	done
	grep -q listening "$WORK/sandbox$i.log" || { echo "sandbox $i did not start" >&2; exit 1; }
done
for i in $(seq 0 $((N - 1))); do
	port=$((BASEPORT + i % SANDBOXES))
	printf 'demo-key\ndemo-secret\n' | "$WORK/stratop" login --profile "$(printf 'p%02d' "$i")" \
		--base-url "http://127.0.0.1:$port" --store file --no-verify >/dev/null
done

run() {
	python3 "$PTYRUN" --cols 200 --rows 60 --settle "$SETTLE" --window "$WINDOW" \
		--env "HOME=$HOME" --env "XDG_CONFIG_HOME=$XDG_CONFIG_HOME" --env "XDG_STATE_HOME=$XDG_STATE_HOME" "$@"
}
echo "fleet of $N over $SANDBOXES sandboxes, window ${WINDOW}s after ${SETTLE}s:"
run --marker "integrations" -- "$WORK/stratop" fleet
echo "one dashboard (p00), same window:"
run --marker "Overview" -- "$WORK/stratop" --profile p00 --interval 5s
