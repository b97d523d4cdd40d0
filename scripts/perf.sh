#!/usr/bin/env bash
# Measures the performance targets of issue 7 and prints a table of medians.
#
#   scripts/perf.sh            # every measurement, 5 runs each (about 10 minutes)
#   RUNS=7 scripts/perf.sh     # more runs
#   ONLY=bench scripts/perf.sh # one group: first, idle, keys, users, bench
#   KEEP=/tmp/perf scripts/perf.sh # keep the raw ptyrun JSON and benchmark output
#
# It builds the binary, starts loopback sandboxes (simulation off) and runs
# the binary in a real 200x60 pty with ../shared/tools/ptyrun.py (override
# with PTYRUN=...), then the Go benchmarks. Measure on an otherwise idle
# machine: the figures are CPU shares and latencies.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
ONLY=${ONLY:-}
PTYRUN=${PTYRUN:-$ROOT/../shared/tools/ptyrun.py}
WORK=$(mktemp -d)
BIN=$WORK/stratop
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	if [[ -n ${KEEP:-} ]]; then
		mkdir -p "$KEEP" && cp "$WORK"/*.jsonl "$WORK"/*.txt "$KEEP"/ 2>/dev/null || true
	fi
	rm -rf "$WORK"
}
trap cleanup EXIT

want() { [[ -z $ONLY || $ONLY == "$1" ]]; }

(cd "$ROOT" && go build -o "$BIN" .)

# sandbox PORT ARGS... starts a sandbox with the simulation off.
sandbox() {
	local port=$1
	shift
	"$BIN" sandbox --tick 0 --addr "127.0.0.1:$port" "$@" >"$WORK/sandbox-$port.log" 2>&1 &
	PIDS+=($!)
	for _ in $(seq 100); do
		grep -q listening "$WORK/sandbox-$port.log" && return
		sleep 0.1
	done
	echo "sandbox on $port did not start" >&2
	exit 1
}

CREDS=(--env STRATOP_API_KEY=demo-key --env STRATOP_API_SECRET=demo-secret)
PTY=(python3 "$PTYRUN" --cols 200 --rows 60)

# measure NAME FIELDS -- PTYRUN-ARGS: runs ptyrun RUNS times and appends one
# JSON line per run to $WORK/NAME.jsonl.
measure() {
	local name=$1
	shift
	for _ in $(seq "$RUNS"); do
		"${PTY[@]}" "$@" >>"$WORK/$name.jsonl"
	done
}

if want first; then
	measure first --settle 1 --window 1 -- "$BIN" --demo
	measure first_rtt50 --settle 1 --window 1 --rtt 0.05 -- "$BIN" --demo
fi
if want idle || want keys; then
	sandbox 18901
fi
if want idle; then
	measure idle_overview --settle 3 --window 20 "${CREDS[@]}" -- "$BIN" --base-url http://127.0.0.1:18901 --interval 5s
	measure idle_strategies --settle 3 --window 20 --pre 2 "${CREDS[@]}" -- "$BIN" --base-url http://127.0.0.1:18901 --interval 5s
	measure idle_demo --settle 3 --window 20 -- "$BIN" --demo --interval 5s
fi
if want keys; then
	measure keys_down --settle 3 --window 5 --pre 2 --keys down:0.03:100 "${CREDS[@]}" -- "$BIN" --base-url http://127.0.0.1:18901 --interval 5s
fi
if want users; then
	sandbox 18902 --users 10000
	sandbox 18903 --users 100000
	measure users_10k --settle 3 --window 5 --pre 4/ --keys 5:0.1:30 "${CREDS[@]}" -- "$BIN" --base-url http://127.0.0.1:18902 --interval 5s
	measure users_100k --settle 6 --window 12 --pre 4/ --keys 5:0.1:100 "${CREDS[@]}" -- "$BIN" --base-url http://127.0.0.1:18903 --interval 5s
fi
if want bench; then
	(cd "$ROOT" && go test -run '^$' -bench 'StrategiesView|UnchangedPoll|KeyDown$|NewPage|UsersKeystroke' -benchmem -count "$RUNS" ./model) >"$WORK/bench.txt"
	(cd "$ROOT" && go test -run '^$' -bench 'ListStrategiesPage200k' -benchmem -count "$RUNS" ./api/sandbox) >>"$WORK/bench.txt"
fi

python3 - "$WORK" <<'EOF'
import json, os, re, statistics, sys
work = sys.argv[1]
def runs(name):
    p = os.path.join(work, name + '.jsonl')
    return [json.loads(l) for l in open(p)] if os.path.exists(p) else []
def med(rs, k):
    v = [r[k] for r in rs if r.get(k) is not None]
    return (statistics.median(v), min(v), max(v)) if v else None
def show(v, unit):
    return '-' if v is None else f'{v[0]:g} {unit} (min {v[1]:g}, max {v[2]:g})'
rows = [
    ('1 --demo first frame', 'first', 'first_frame_ms', 'ms', '<= 60 ms'),
    ('1 --demo first frame, terminal RTT 50 ms', 'first_rtt50', 'first_frame_ms', 'ms', '(cost of the terminal query)'),
    ('4 idle CPU, Overview, 5 s polls', 'idle_overview', 'cpu_window_pct', '%', '<= 0.5 %'),
    ('4 idle bytes, Overview, 20 s', 'idle_overview', 'bytes_window', 'B', '"last good" clock only'),
    ('4 idle CPU, Strategies, 5 s polls', 'idle_strategies', 'cpu_window_pct', '%', '<= 0.5 %'),
    ('3/4 idle bytes, Strategies, 20 s', 'idle_strategies', 'bytes_window', 'B', '0'),
    ('4 idle CPU, --demo (simulation on)', 'idle_demo', 'cpu_window_pct', '%', 'data changes every 2 s'),
    ('5 key to first byte p95, down 33/s', 'keys_down', 'key_lat_ms_p95', 'ms', '<= 25 ms'),
    ('5 CPU holding down 33/s', 'keys_down', 'cpu_window_pct', '%', '<= 10 %'),
    ('6 10k users: key to frame p95', 'users_10k', 'key_lat_ms_p95', 'ms', '<= 16 ms'),
    ('6 10k users: peak RSS', 'users_10k', 'vmhwm_kb', 'kB', '<= 40 MB'),
    ('6 100k users: key to frame p95', 'users_100k', 'key_lat_ms_p95', 'ms', 'no frame > 100 ms'),
    ('6 100k users: peak RSS', 'users_100k', 'vmhwm_kb', 'kB', '-'),
]
print(f'{"target":46} {"median of runs":44} goal')
for label, name, key, unit, goal in rows:
    rs = runs(name)
    if rs:
        print(f'{label:46} {show(med(rs, key), unit):44} {goal}')
bp = os.path.join(work, 'bench.txt')
if os.path.exists(bp):
    res = {}
    for line in open(bp):
        m = re.match(r'(Benchmark\S+?)(-\d+)?\s+\d+\s+([\d.]+) ns/op', line)
        if not m:
            continue
        allocs = re.search(r'(\d+) allocs/op', line)
        p50 = re.search(r'([\d.]+) p50-µs', line)
        res.setdefault(m.group(1), []).append((float(m.group(3)), int(allocs.group(1)) if allocs else 0,
                                               float(p50.group(1)) if p50 else None))
    for name, v in res.items():
        ns = statistics.median(x[0] for x in v)
        allocs = statistics.median(x[1] for x in v)
        p50s = [x[2] for x in v if x[2] is not None]
        extra = f', p50 {statistics.median(p50s):g} µs' if p50s else ''
        print(f'{name:46} {ns/1000:.1f} µs/op, {allocs:g} allocs/op{extra} (median of {len(v)})')
EOF
