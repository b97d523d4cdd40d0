#!/usr/bin/env bash
# Measures the dashboard's traffic per tab: requests and bytes per minute
# with nothing changing, the terminal focused or not, at 40, 10,000 and
# 100,000 users (PERFORMANCE.md, "Traffic").
#
#   scripts/traffic.sh                  # 6-minute windows, every tab, size and focus state at once
#   WINDOW=120 SIZES="40" scripts/traffic.sh
#   KEEP=/tmp/traffic scripts/traffic.sh  # keep the raw counts
#
# Each run is the real binary in a 200x60 pty (../shared/tools/ptyrun.py)
# talking to a loopback sandbox (simulation off) through scripts/countproxy,
# which counts the requests that start inside the window and the bytes they
# move, per route. "blurred" sends the terminal's focus-out report before
# the window. The window (default 360 s) holds the Users tab's 5-minute
# re-read. Runs go in parallel: they are idle but for their polls.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PTYRUN=${PTYRUN:-$ROOT/../shared/tools/ptyrun.py}
WINDOW=${WINDOW:-360}
SIZES=${SIZES:-"40 10000 100000"}
TABS=${TABS:-"1 2 3 4 5"}
SETTLE=8
WORK=$(mktemp -d)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	if [[ -n ${KEEP:-} ]]; then mkdir -p "$KEEP" && cp "$WORK"/*.json "$KEEP"/ 2>/dev/null || true; fi
	rm -rf "$WORK"
}
trap cleanup EXIT
[[ -n ${DEBUG:-} ]] && set -x

(cd "$ROOT" && go build -o "$WORK/stratop" . && go build -o "$WORK/countproxy" ./scripts/countproxy)

port=$((20000 + RANDOM % 10000)) # below the ephemeral range

wait_log() { # file text
	for _ in $(seq 300); do grep -q "$2" "$1" 2>/dev/null && return; sleep 0.1; done
	echo "$1: no \"$2\"" >&2
	exit 1
}

RUNS=()
for n in $SIZES; do
	port=$((port + 1)) && sp=$port
	"$WORK/stratop" sandbox --tick 0 --users "$n" --addr "127.0.0.1:$sp" >"$WORK/sandbox-$n.log" 2>&1 &
	PIDS+=($!)
	wait_log "$WORK/sandbox-$n.log" listening
	for tab in $TABS; do
		for state in focused blurred; do
			port=$((port + 1)) && pp=$port
			name="$n-$tab-$state"
			"$WORK/countproxy" -listen "127.0.0.1:$pp" -target "http://127.0.0.1:$sp" \
				-from "$((SETTLE + 1))s" -to "$((SETTLE + 1 + WINDOW))s" -out "$WORK/$name.json" 2>"$WORK/$name.proxy.log" &
			proxy=$!
			PIDS+=($proxy)
			keys=()
			if [[ $state == blurred ]]; then keys=(--keys $'\e[O:1:1'); fi
			(
				python3 "$PTYRUN" --cols 200 --rows 60 --settle "$SETTLE" --window "$((WINDOW + 1))" --pre "$tab" "${keys[@]}" \
					--env STRATOP_API_KEY=demo-key --env STRATOP_API_SECRET=demo-secret \
					--env XDG_STATE_HOME="$WORK/state-$name" --env XDG_CONFIG_HOME="$WORK/config-$name" \
					-- "$WORK/stratop" --base-url "http://127.0.0.1:$pp" --interval 5s >"$WORK/$name.pty" 2>&1
				kill -TERM "$proxy"
			) &
			RUNS+=($!)
		done
	done
done
wait "${RUNS[@]}"
sleep 1

python3 - "$WORK" "$WINDOW" "$SIZES" "$TABS" <<'PY'
import json, os, sys
work, window, sizes, tabs = sys.argv[1], float(sys.argv[2]), sys.argv[3].split(), sys.argv[4].split()
names = {"1": "Overview", "2": "Strategies", "3": "Pools", "4": "Users", "5": "Activity"}
per_min = 60.0 / window
print(f"window {window:.0f} s; figures per minute (total / window x 60)\n")
print("| users | tab | focused: req/min | focused: KB/min | blurred: req/min | blurred: KB/min | routes (focused) |")
print("|---|---|---|---|---|---|---|")
for n in sizes:
    for tab in tabs:
        row = [f"{int(n):,}", names.get(tab, tab)]
        routes = ""
        for state in ("focused", "blurred"):
            path = os.path.join(work, f"{n}-{tab}-{state}.json")
            try:
                data = json.load(open(path))
            except (OSError, ValueError):
                row += ["?", "?"]
                continue
            req = sum(r["requests"] for r in data)
            down = sum(r["bytes_down"] + r["bytes_up"] for r in data)
            row += [f"{req * per_min:.1f}", f"{down * per_min / 1000:.1f}"]
            if state == "focused":
                routes = "; ".join(f'{r["route"].replace("/api/v1", "")} {r["requests"]}' for r in data)
        print("| " + " | ".join(row + [routes]) + " |")
PY
