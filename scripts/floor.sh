#!/usr/bin/env bash
# Measures stratop beside the floor program (../shared/tools/floor, the
# smallest Bubble Tea v1 program that draws a frame) in a real 200x60 pty
# with ../shared/tools/ptyrun.py, the two run in turn, so that both see the
# same load of a shared machine; it prints each program's median and range
# and the ratio to the floor (PERFORMANCE.md, "First frame" and "Idle").
#
#   scripts/floor.sh                # first frame: --demo, 10 rounds
#   MODE=idle scripts/floor.sh      # idle CPU and bytes over 20 s, Overview
#   MODE=keys scripts/floor.sh      # key to output: j every 250 ms on the
#                                   # Strategies tab (the floor ignores keys:
#                                   # its CPU only)
#   RUNS=15 scripts/floor.sh        # more rounds
#   COMPARE="before=/tmp/stratop-old" scripts/floor.sh
#                                   # also measure other builds, same rounds
#   KEEP=/tmp/floor scripts/floor.sh  # keep the raw ptyrun JSON lines
#
# first: `stratop --demo`, time until "Overview" is on the screen
#   (ptyrun's first_frame_ms), --settle 1 --window 1.
# idle, keys: `stratop --base-url ... --interval 5s` on `stratop sandbox
#   --tick 0` (simulation off), --settle 3 --window 20; idle on the
#   Overview, keys on the Strategies tab, where j moves the selection (on an
#   Overview with nothing to attend to j changes nothing, and ptyrun would
#   time the next unrelated write).
# Every program runs with HOME and the XDG directories in one scratch
# directory, kept across rounds as an operator's are; one warm-up run of each
# is not counted. A ratio is given two ways: of the medians, and the median
# of the rounds' own ratios (steadier when the load changes between rounds).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PTYRUN=${PTYRUN:-$ROOT/../shared/tools/ptyrun.py}
FLOOR_SRC=${FLOOR_SRC:-$(dirname "$PTYRUN")/floor}
MODE=${MODE:-first}
RUNS=${RUNS:-10}
WORK=$(mktemp -d)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	if [[ -n ${KEEP:-} ]]; then
		mkdir -p "$KEEP" && cp "$WORK"/runs.jsonl "$KEEP"/ 2>/dev/null || true
	fi
	rm -rf "$WORK"
}
trap cleanup EXIT

(cd "$ROOT" && go build -o "$WORK/stratop" .)
(cd "$FLOOR_SRC" && go build -o "$WORK/floor" .)
PROGS=("floor=$WORK/floor" "stratop=$WORK/stratop")
for c in ${COMPARE:-}; do PROGS+=("$c"); done

mkdir -p "$WORK/home/config" "$WORK/home/state"
PTY=(python3 "$PTYRUN" --cols 200 --rows 60
	--env "HOME=$WORK/home" --env "XDG_CONFIG_HOME=$WORK/home/config" --env "XDG_STATE_HOME=$WORK/home/state")
case $MODE in
first)
	PTY+=(--settle 1 --window 1)
	ARGS=(--demo)
	;;
idle | keys)
	PORT=${PORT:-18911}
	"$WORK/stratop" sandbox --tick 0 --addr "127.0.0.1:$PORT" >"$WORK/sandbox.log" 2>&1 &
	PIDS+=($!)
	for _ in $(seq 100); do
		grep -q listening "$WORK/sandbox.log" && break
		sleep 0.1
	done
	grep -q listening "$WORK/sandbox.log" || { echo "the sandbox did not start" >&2; exit 1; }
	PTY+=(--settle 3 --window 20 --env STRATOP_API_KEY=demo-key --env STRATOP_API_SECRET=demo-secret)
	[[ $MODE == keys ]] && PTY+=(--pre 2 --keys j:0.25:40)
	ARGS=(--base-url "http://127.0.0.1:$PORT" --interval 5s)
	;;
*)
	echo "MODE is first, idle or keys" >&2
	exit 2
	;;
esac

# once NAME BIN ROUND: one ptyrun of a program, one JSON line tagged with
# its name and round (0 is the warm-up).
once() {
	local args=("${ARGS[@]}")
	[[ $1 == floor ]] && args=()
	"${PTY[@]}" -- "$2" "${args[@]}" | python3 -c 'import json,sys; d=json.load(sys.stdin); d["prog"]=sys.argv[1]; d["round"]=int(sys.argv[2]); print(json.dumps(d))' "$1" "$3" >>"$WORK/runs.jsonl"
}

for round in $(seq 0 "$RUNS"); do
	for p in "${PROGS[@]}"; do
		once "${p%%=*}" "${p#*=}" "$round"
	done
done

python3 - "$WORK/runs.jsonl" "$MODE" <<'EOF'
import collections, json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
rows = [r for r in rows if r['round'] > 0]
mode = sys.argv[2]
fields = {
    'first': [('first_frame_ms', 'first frame', 'ms')],
    'idle': [('cpu_window_pct', 'idle CPU', '%'), ('bytes_window', 'bytes in 20 s', 'B'), ('vmhwm_kb', 'peak RSS', 'kB')],
    'keys': [('key_lat_ms_p50', 'key p50', 'ms'), ('key_lat_ms_p95', 'key p95', 'ms'), ('cpu_window_pct', 'CPU', '%')],
}[mode]
by = collections.defaultdict(dict)
for r in rows:
    by[r['prog']][r['round']] = r
names = list(dict.fromkeys(r['prog'] for r in rows))
print(f'{len(by["floor"])} rounds, interleaved')
for key, label, unit in fields:
    print(f'\n{label}:')
    fv = [r[key] for r in by['floor'].values() if r.get(key) is not None]
    fm = statistics.median(fv) if fv else None
    for n in names:
        v = [r[key] for r in by[n].values() if r.get(key) is not None]
        if not v:
            continue
        m = statistics.median(v)
        line = f'  {n:12} median {m:9.3f} {unit:2}  range {min(v):.3f}-{max(v):.3f}'
        if n != 'floor' and fm:
            paired = [by[n][i][key] / by['floor'][i][key] for i in by[n]
                      if i in by['floor'] and by['floor'][i].get(key) and by[n][i].get(key) is not None]
            line += f'  x{m / fm:.2f} of the floor'
            if paired:
                line += f' (rounds: median x{statistics.median(paired):.2f}, x{min(paired):.2f}-x{max(paired):.2f})'
        print(line)
EOF
