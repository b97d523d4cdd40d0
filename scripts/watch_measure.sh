#!/usr/bin/env bash
# Measures `stratop watch` of the whole integration against ground truth
# (PERFORMANCE.md, "Watch"): a loopback sandbox with the simulation off and
# --churn random lifecycle changes a minute, logging every change it makes
# (--changes); the watcher reads it through scripts/countproxy.
#
#   scripts/watch_measure.sh                         # 10,000 and 100,000 strategies, 150 s windows, one after the other
#   WINDOW=600 SIZES=10000 scripts/watch_measure.sh  # the 10-minute run
#   KEEP=/tmp/wm scripts/watch_measure.sh            # keep events, changes and counts
#   SEED=2 WINDOW=300 SIZES=10000 scripts/watch_measure.sh  # other data, other changes
#   TICK=1s CHURN=0 WINDOW=600 SIZES=3000 scripts/watch_measure.sh  # the sandbox's own simulation
#   WATCH_ARGS="--byte-budget 4MiB/min" ...          # more flags for the watcher
#   WARMUP=300 ...                                   # the first start runs on 300 s after its cursor
#
# Per size, two runs of the watcher at the default interval and budget:
#   1. the first start: no state, it reads the integration once in full (the
#      baseline) and is stopped when its cursor is written; its requests and
#      bytes are reported apart;
#   2. a restart with that cursor, for WINDOW seconds: the steady state. The
#      changes made during the run (but for the last three intervals) are the
#      ground truth. A change is expected when the strategy then keeps that
#      state for at least three intervals; it is covered when an event of the
#      strategy with that state after it was printed. Delay is from the change
#      to the event's time. Requests and bytes (up and down, headers
#      included) are counted by the proxy, which logs each request: the most
#      requests and bytes in any 60 s (by arrival) are checked against the
#      budgets. An event stamped before the change it reports is counted.
#      RSS is the watcher's peak (VmHWM). Under the traffic table, each run's
#      reads by purpose (totals, probe, search, page, whole, split, by-id,
#      sweep, users), as the watcher counted them when stopped.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WINDOW=${WINDOW:-150}
SIZES=${SIZES:-"10000 100000"}
CHURN=${CHURN:-20}
TICK=${TICK:-0} # the sandbox's simulation step; 0: off
WARMUP=${WARMUP:-0}
WATCH_ARGS=${WATCH_ARGS:-}
BUDGET=${BUDGET:-300}
SEED=${SEED:-1} # the sandbox's data and churn: another seed, other changes
INTERVAL=${INTERVAL:-5s}
WORK=$(mktemp -d)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	if [[ -n ${KEEP:-} ]]; then mkdir -p "$KEEP" && cp -r "$WORK"/* "$KEEP"/ 2>/dev/null || true; fi
	rm -rf "$WORK"
}
trap cleanup EXIT
[[ -n ${DEBUG:-} ]] && set -x

(cd "$ROOT" && go build -o "$WORK/stratop" . && go build -o "$WORK/countproxy" ./scripts/countproxy)

port=$((20000 + RANDOM % 10000)) # below the ephemeral range

wait_for() { # seconds command...
	local n=$(($1 * 10))
	shift
	for _ in $(seq "$n"); do "$@" && return; sleep 0.1; done
	echo "timed out: $*" >&2
	return 1
}

# cursor_written STATEDIR: the watcher has written its cursor (wherever under
# the state directory it keeps it).
cursor_written() { find "$1" -path '*watch*' -name '*integration*.json' -print 2>/dev/null | grep -q .; }

# watch_run NAME PROXYPORT STATEDIR: starts a watcher through a fresh proxy.
watch_run() {
	local name=$1 pp=$2 sp=$3 state=$4
	"$WORK/countproxy" -listen "127.0.0.1:$pp" -target "http://127.0.0.1:$sp" -out "$WORK/$name.counts.json" \
		-log "$WORK/$name.requests.log" 2>"$WORK/$name.proxy.log" &
	PROXY=$!
	PIDS+=($PROXY)
	wait_for 10 bash -c "exec 3<>/dev/tcp/127.0.0.1/$pp" 2>/dev/null
	date +%s.%N >"$WORK/$name.start"
	STRATOP_API_KEY=demo-key STRATOP_API_SECRET=demo-secret XDG_STATE_HOME="$state" XDG_CONFIG_HOME="$state/config" HOME="$state" \
		"$WORK/stratop" watch --base-url "http://127.0.0.1:$pp" --interval "$INTERVAL" --budget "$BUDGET/min" $WATCH_ARGS \
		-o jsonl >"$WORK/$name.events.jsonl" 2>"$WORK/$name.err" &
	WATCHER=$!
	PIDS+=($WATCHER)
}

# watch_stop NAME: records the watcher's peak RSS, stops it and its proxy.
watch_stop() {
	local name=$1
	grep VmHWM "/proc/$WATCHER/status" | awk '{print $2}' >"$WORK/$name.rss_kb"
	date +%s.%N >"$WORK/$name.end"
	kill -TERM "$WATCHER"
	wait "$WATCHER" || true
	kill -TERM "$PROXY"
	wait "$PROXY" || true
}

measure() {
	local n=$1
	port=$((port + 3 * ${2:-0}))
	local sp=$port pp1=$((port + 1)) state="$WORK/state-$n"
	"$WORK/stratop" sandbox --seed "$SEED" --tick "$TICK" --users "$((n / 100))" --strategies "$n" --churn "$CHURN" \
		--changes "$WORK/$n.changes.jsonl" --addr "127.0.0.1:$sp" >"$WORK/$n.sandbox.log" 2>&1 &
	local sandbox=$!
	PIDS+=($sandbox)
	wait_for 600 grep -q listening "$WORK/$n.sandbox.log"

	watch_run "$n.baseline" "$pp1" "$sp" "$state"
	wait_for 1800 cursor_written "$state"
	sleep "$WARMUP"
	watch_stop "$n.baseline"

	# The same proxy address: the cursor belongs to the host it was made with.
	watch_run "$n.steady" "$pp1" "$sp" "$state"
	sleep "$WINDOW"
	watch_stop "$n.steady"
	kill -TERM "$sandbox"
	wait "$sandbox" || true
}

# One size after the other: the machine is shared, and a watcher's RSS and
# delays are its own only when nothing else of the script runs.
i=0
for n in $SIZES; do
	i=$((i + 1))
	measure "$n" "$i"
done

python3 - "$WORK" "$SIZES" "$INTERVAL" "$TICK" "$CHURN" "$BUDGET" "$WATCH_ARGS" <<'PY'
import json, os, sys
from datetime import datetime

work, sizes, interval, tick, churn, budget, args = sys.argv[1], sys.argv[2].split(), sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6]), sys.argv[7]
iv = float(interval.rstrip("s"))

def ts(s):
    return datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()

def lines(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
    return out

def traffic(name):
    data = json.load(open(os.path.join(work, name + ".counts.json")))
    start = float(open(os.path.join(work, name + ".start")).read())
    end = float(open(os.path.join(work, name + ".end")).read())
    req = sum(r["requests"] for r in data)
    b = sum(r["bytes_down"] + r["bytes_up"] for r in data)
    rss = int(open(os.path.join(work, name + ".rss_kb")).read() or 0) / 1024
    return start, end, req, b, rss

def worst(name):
    """The most requests and bytes that arrived within any 60 s."""
    reqs = []
    with open(os.path.join(work, name + ".requests.log")) as f:
        for line in f:
            at, b = line.split()
            reqs.append((float(at), int(b)))
    reqs.sort()
    lo = n = b = 0
    wn = wb = 0
    for at, size in reqs:
        n, b = n + 1, b + size
        while at - reqs[lo][0] >= 60:
            n, b, lo = n - 1, b - reqs[lo][1], lo + 1
        wn, wb = max(wn, n), max(wb, b)
    return wn, wb

sim = f"simulation every {tick}" if tick not in ("0", "0s") else "simulation off"
print(f"interval {interval}, budget {budget}/min, churn {churn}/min, {sim}, flags: {args or 'none'}\n")
print("| strategies | run | seconds | requests | req/min | most in 60 s | MB | MB/min | most MB in 60 s | peak RSS MB |")
print("|---|---|---|---|---|---|---|---|---|---|")
results = []
for n in sizes:
    for run in ("baseline", "steady"):
        start, end, req, b, rss = traffic(f"{n}.{run}")
        mins = (end - start) / 60
        wn, wb = worst(f"{n}.{run}")
        print(f"| {int(n):,} | {run} | {end - start:.0f} | {req} | {req / mins:.0f} | {wn} | {b / 1e6:.1f} | {b / 1e6 / mins:.2f} | {wb / 1e6:.2f} | {rss:.1f} |")
    for run in ("baseline", "steady"):
        with open(os.path.join(work, f"{n}.{run}.err")) as f:
            for line in f:
                if line.startswith("watch: reads by purpose:"):
                    print(f"  {int(n):,} {run}, {line[len('watch: '):].strip()}")
    start, end, *_ = traffic(f"{n}.steady")
    changes = lines(os.path.join(work, f"{n}.changes.jsonl"))
    events = lines(os.path.join(work, f"{n}.steady.events.jsonl"))
    by = {}
    for c in changes:
        by.setdefault(c["strategyId"], []).append(c)
    evs = {}
    for e in events:
        if e["kind"] in ("strategy.status", "strategy.vanished"):
            evs.setdefault(e["strategyId"], []).append(e)
    ids = [e["id"] for e in events]
    expected = covered = early = 0
    delays, missed = [], []
    for sid, cs in by.items():
        for i, c in enumerate(cs):
            t = ts(c["time"])
            if t < start or t > end - 3 * iv:
                continue
            nxt = ts(cs[i + 1]["time"]) if i + 1 < len(cs) else end
            if nxt - t < 3 * iv:
                continue  # did not hold: a read may never see it
            expected += 1
            after = c["after"]
            hit = [e for e in evs.get(sid, []) if ts(e["time"]) >= t and ts(e["time"]) <= nxt + iv
                   and (e.get("after") == after or (e["kind"] == "strategy.vanished" and after == "archived"))]
            if hit:
                covered += 1
                delays.append(ts(hit[0]["time"]) - t)
            else:
                missed.append(c)
            # An event of this change stamped before it was made: after the
            # strategy's previous change, before this one, with its state.
            early += len([e for e in evs.get(sid, []) if (e.get("after") == after or (e["kind"] == "strategy.vanished" and after == "archived"))
                          and ts(e["time"]) < t and (i == 0 or ts(e["time"]) > ts(cs[i - 1]["time"]))])
    reported = sum(len(v) for v in evs.values())
    true_ids = set(by)
    false = [e for v in evs.values() for e in v if e["strategyId"] not in true_ids]
    delays.sort()
    p = lambda q: delays[min(len(delays) - 1, int(q * len(delays)))] if delays else float("nan")
    results.append((n, expected, covered, reported, len(ids) - len(set(ids)), len(false), early, p(0.5), p(0.99), delays[-1] if delays else float("nan")))
    for m in missed[:5]:
        print(f"  missed at {n}: {m}", file=sys.stderr)

print("\n| strategies | changes expected | covered | status events | repeated ids | events without a change | stamped before the change | delay p50 s | p99 s | max s |")
print("|---|---|---|---|---|---|---|---|---|---|")
for n, exp, cov, rep, dup, false, early, p50, p99, mx in results:
    print(f"| {int(n):,} | {exp} | {cov} ({100 * cov / max(exp, 1):.1f}%) | {rep} | {dup} | {false} | {early} | {p50:.1f} | {p99:.1f} | {mx:.1f} |")
PY
