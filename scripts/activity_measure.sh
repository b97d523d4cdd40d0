#!/usr/bin/env bash
# Measures what activity = "integration" costs the dashboard (PERFORMANCE.md,
# "Activity on the engine"): requests and bytes a minute from the interface,
# CPU share and peak RSS of the dashboard, with activity = "shown" beside it,
# at the demo's size (40 users, 300 strategies) and at 10,000 strategies.
#
#   scripts/activity_measure.sh                    # 120 s windows
#   WINDOW=300 SIZES=10000 scripts/activity_measure.sh
#   KEEP=/tmp/am scripts/activity_measure.sh       # keep the raw counts
#
# Each run is the real binary in a 200x60 pty (../shared/tools/ptyrun.py) on
# the Overview (the first tab), talking to a loopback sandbox (simulation
# off, --churn changes a minute) through scripts/countproxy, which counts
# the requests that start inside the window. The window starts after SETTLE
# seconds, once the engine has read the integration in full; "blurred" sends
# the terminal's focus-out report first. Runs go in parallel.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PTYRUN=${PTYRUN:-$ROOT/../shared/tools/ptyrun.py}
WINDOW=${WINDOW:-120}
SIZES=${SIZES:-"300 10000"}
CHURN=${CHURN:-20}
SETTLE=${SETTLE:-40}
WORK=$(mktemp -d)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	if [[ -n ${KEEP:-} ]]; then mkdir -p "$KEEP" && cp "$WORK"/*.json "$WORK"/*.pty "$KEEP"/ 2>/dev/null || true; fi
	rm -rf "$WORK"
}
trap cleanup EXIT
[[ -n ${DEBUG:-} ]] && set -x

(cd "$ROOT" && go build -o "$WORK/stratop" . && go build -o "$WORK/countproxy" ./scripts/countproxy)

port=$((20000 + RANDOM % 10000)) # below the ephemeral range

wait_log() { # file text
	for _ in $(seq 3000); do grep -q "$2" "$1" 2>/dev/null && return; sleep 0.1; done
	echo "$1: no \"$2\"" >&2
	exit 1
}

RUNS=()
for n in $SIZES; do
	port=$((port + 1)) && sp=$port
	users=$((n / 100 > 40 ? n / 100 : 40))
	"$WORK/stratop" sandbox --tick 0 --users "$users" --strategies "$n" --churn "$CHURN" --addr "127.0.0.1:$sp" >"$WORK/sandbox-$n.log" 2>&1 &
	PIDS+=($!)
	wait_log "$WORK/sandbox-$n.log" listening
	for run in shown-focused integration-focused integration-blurred; do
		mode=${run%-*} state=${run#*-}
		port=$((port + 1)) && pp=$port
		name="$n-$run"
		mkdir -p "$WORK/config-$name/stratop"
		echo "activity = \"$mode\"" >"$WORK/config-$name/stratop/config.toml"
		"$WORK/countproxy" -listen "127.0.0.1:$pp" -target "http://127.0.0.1:$sp" \
			-from "$((SETTLE + 1))s" -to "$((SETTLE + 1 + WINDOW))s" -out "$WORK/$name.json" 2>"$WORK/$name.proxy.log" &
		proxy=$!
		PIDS+=($proxy)
		keys=()
		if [[ $state == blurred ]]; then keys=(--keys $'\e[O:1:1'); fi
		(
			python3 "$PTYRUN" --cols 200 --rows 60 --settle "$SETTLE" --window "$((WINDOW + 1))" "${keys[@]}" \
				--env STRATOP_API_KEY=demo-key --env STRATOP_API_SECRET=demo-secret \
				--env XDG_STATE_HOME="$WORK/state-$name" --env XDG_CONFIG_HOME="$WORK/config-$name" \
				-- "$WORK/stratop" --base-url "http://127.0.0.1:$pp" --interval 5s >"$WORK/$name.pty" 2>&1
			kill -TERM "$proxy"
		) &
		RUNS+=($!)
	done
done
wait "${RUNS[@]}"
sleep 1

python3 - "$WORK" "$WINDOW" "$SIZES" <<'PY'
import json, os, sys
work, window, sizes = sys.argv[1], float(sys.argv[2]), sys.argv[3].split()
per_min = 60.0 / window
print(f"window {window:.0f} s; requests and bytes (up and down) a minute, the dashboard's CPU share and peak RSS\n")
print("| strategies | activity | terminal | req/min | KB/min | CPU % | peak RSS MB |")
print("|---|---|---|---|---|---|---|")
for n in sizes:
    for run in ("shown-focused", "integration-focused", "integration-blurred"):
        mode, state = run.split("-")
        row = [f"{int(n):,}", mode, state]
        try:
            data = json.load(open(os.path.join(work, f"{n}-{run}.json")))
            req = sum(r["requests"] for r in data)
            b = sum(r["bytes_down"] + r["bytes_up"] for r in data)
            row += [f"{req * per_min:.0f}", f"{b * per_min / 1000:.0f}"]
        except (OSError, ValueError):
            row += ["?", "?"]
        try:
            pty = json.loads(open(os.path.join(work, f"{n}-{run}.pty")).read().strip().splitlines()[-1])
            row += [f'{pty["cpu_window_pct"]:.2f}', f'{pty["vmhwm_kb"] / 1024:.1f}']
        except (OSError, ValueError, KeyError, IndexError, AttributeError, TypeError):
            row += ["?", "?"]
        print("| " + " | ".join(row) + " |")
PY
