#!/usr/bin/env bash
# Measures what naming the movers costs the dashboard (PERFORMANCE.md,
# "Naming the movers"): its requests and bytes a minute from the interface
# with activity = "shown", with the movers' finder (this tree) and without
# it (the tree before the finder, BASE), side by side on one sandbox.
#
#   scripts/movers_measure.sh                     # 10,000 strategies, 20 changes a minute, 180 s
#   WINDOW=300 N=10000 CHURN=20 scripts/movers_measure.sh
#   BASE=<commit> scripts/movers_measure.sh       # another tree for "without"
#
# Each dashboard is the real binary in a 200x60 pty (../shared/tools/ptyrun.py)
# on the Overview, --interval 5s, through its own scripts/countproxy in front
# of one loopback sandbox (simulation off, --churn changes a minute). The
# window starts after SETTLE seconds, once the finder has read active and
# the halted statuses whole (a one-time cost, reported apart). How fast movers are
# named at that size: STRATOP_MOVERS_SCALE=1 go test -run TestMoversAtScale -v ./watch/
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# ptyrun.py lives beside the main checkout, whichever worktree runs this.
PTYRUN=${PTYRUN:-$(git -C "$ROOT" rev-parse --path-format=absolute --git-common-dir)/../../shared/tools/ptyrun.py}
[[ -f $PTYRUN ]] || { echo "no $PTYRUN (set PTYRUN)" >&2; exit 2; }
WINDOW=${WINDOW:-180}
N=${N:-10000}
CHURN=${CHURN:-20}
SETTLE=${SETTLE:-75}
# The tree before the finder: the parent of the commit that added it.
BASE=${BASE:-$(git -C "$ROOT" log --diff-filter=A --format=%H -- watch/movers.go | tail -1)^}
WORK=$(mktemp -d)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	if [[ -n ${KEEP:-} ]]; then mkdir -p "$KEEP" && cp -r "$WORK"/*.json "$WORK"/*.log "$WORK"/*.pty "$KEEP"/ 2>/dev/null || true; fi
	rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/base"
git -C "$ROOT" archive "$BASE" | tar -x -C "$WORK/base"
(cd "$ROOT" && go build -o "$WORK/with" . && go build -o "$WORK/countproxy" ./scripts/countproxy)
(cd "$WORK/base" && go build -o "$WORK/without" .)

port=$((20000 + RANDOM % 10000)) # below the ephemeral range
wait_log() { # file text
	for _ in $(seq 3000); do grep -q "$2" "$1" 2>/dev/null && return; sleep 0.1; done
	echo "$1: no \"$2\"" >&2
	exit 1
}

sp=$port
"$WORK/with" sandbox --tick 0 --users $((N / 100 > 40 ? N / 100 : 40)) --strategies "$N" --churn "$CHURN" --addr "127.0.0.1:$sp" >"$WORK/sandbox.log" 2>&1 &
PIDS+=($!)
wait_log "$WORK/sandbox.log" listening

RUNS=()
for run in without with; do
	port=$((port + 1)) && pp=$port
	mkdir -p "$WORK/config-$run/stratop"
	echo 'activity = "shown"' >"$WORK/config-$run/stratop/config.toml"
	"$WORK/countproxy" -listen "127.0.0.1:$pp" -target "http://127.0.0.1:$sp" \
		-from "$((SETTLE + 1))s" -to "$((SETTLE + 1 + WINDOW))s" -out "$WORK/$run.json" -log "$WORK/$run.log" 2>"$WORK/$run.proxy.log" &
	proxy=$!
	PIDS+=($proxy)
	(
		python3 "$PTYRUN" --cols 200 --rows 60 --settle "$SETTLE" --window "$((WINDOW + 1))" \
			--env STRATOP_API_KEY=demo-key --env STRATOP_API_SECRET=demo-secret \
			--env HOME="$WORK/home-$run" --env XDG_STATE_HOME="$WORK/state-$run" \
			--env XDG_CONFIG_HOME="$WORK/config-$run" --env XDG_DATA_HOME="$WORK/data-$run" \
			-- "$WORK/$run" --base-url "http://127.0.0.1:$pp" --interval 5s >"$WORK/$run.pty" 2>&1 || true # stopped at the window's end
		kill -TERM "$proxy"
	) &
	RUNS+=($!)
done
wait "${RUNS[@]}"
sleep 1

python3 - "$WORK" "$WINDOW" "$SETTLE" "$N" "$CHURN" <<'PY'
import json, os, sys
work, window, settle, n, churn = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
per_min = 60.0 / window
print(f"{n:,} strategies, {churn} changes a minute, activity = \"shown\", --interval 5s, on the Overview; window {window:.0f} s after {settle:.0f} s\n")
print("| mover naming | req/min | KB/min | requests before the window |")
print("|---|---|---|---|")
got = {}
for run in ("without", "with"):
    row = [run]
    try:
        data = json.load(open(os.path.join(work, f"{run}.json")))
        req = sum(r["requests"] for r in data)
        b = sum(r["bytes_down"] + r["bytes_up"] for r in data)
        got[run] = req * per_min
        row += [f"{req * per_min:.0f}", f"{b * per_min / 1000:.0f}"]
    except (OSError, ValueError):
        row += ["?", "?"]
    try:
        first = None
        before = 0
        for line in open(os.path.join(work, f"{run}.log")):
            t = float(line.split()[0])
            first = t if first is None else min(first, t)
        for line in open(os.path.join(work, f"{run}.log")):
            if float(line.split()[0]) < first + settle + 1:
                before += 1
        row.append(str(before))
    except (OSError, ValueError, IndexError):
        row.append("?")
    print("| " + " | ".join(row) + " |")
if got.get("without"):
    print(f"\nratio with/without: {got.get('with', 0) / got['without']:.2f}")
PY
