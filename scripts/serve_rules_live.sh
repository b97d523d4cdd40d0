#!/usr/bin/env bash
# A live `stratop serve` at its whole budget, scraped by a real Prometheus
# that evaluates contrib/prometheus/stratop-rules.yml: says which rules
# fired (none for a serve that keeps up), the budget ratio, and the
# backlog's largest value over the run. Everything on loopback, in a
# temporary directory.
#
#   scripts/serve_rules_live.sh                       # 10,000 strategies, 20 changes a minute, 660 s
#   WINDOW=120 scripts/serve_rules_live.sh            # a short look
#   STRATEGIES=3000 TICK=1s CHURN=0 scripts/serve_rules_live.sh   # the sandbox's own simulation
#
# Needs prometheus (the Debian package prometheus) on PATH.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WINDOW=${WINDOW:-660}
STRATEGIES=${STRATEGIES:-10000}
CHURN=${CHURN:-20}
TICK=${TICK:-0}
BUDGET=${BUDGET:-300}
command -v prometheus >/dev/null || { echo "prometheus is not on PATH (the Debian package prometheus)"; exit 1; }

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

(cd "$ROOT" && go build -o "$work/stratop" .)
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache"
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_STATE_HOME"
sb=$(port); sv=$(port); pr=$(port)
"$work/stratop" sandbox --addr "127.0.0.1:$sb" --strategies "$STRATEGIES" --users 400 --tick "$TICK" --churn "$CHURN" \
  >"$work/sandbox.log" 2>&1 &
pids+=($!)
sleep 1
STRATOP_BASE_URL="http://127.0.0.1:$sb" STRATOP_API_KEY=demo-key STRATOP_API_SECRET=demo-secret \
  "$work/stratop" serve --listen "127.0.0.1:$sv" --budget "$BUDGET/min" >"$work/serve.log" 2>&1 &
pids+=($!)
cat >"$work/prometheus.yml" <<EOF
global: {scrape_interval: 5s, evaluation_interval: 15s}
rule_files: ["$ROOT/contrib/prometheus/stratop-rules.yml"]
scrape_configs:
  - job_name: stratop
    static_configs: [{targets: ["127.0.0.1:$sv"]}]
EOF
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
  --web.listen-address="127.0.0.1:$pr" >"$work/prometheus.log" 2>&1 &
pids+=($!)
echo "serve at full budget ($BUDGET/min) over $STRATEGIES strategies, $CHURN changes a minute; Prometheus evaluates the rules for ${WINDOW}s"
sleep "$WINDOW"
q() { curl -sG "http://127.0.0.1:$pr/api/v1/query" --data-urlencode "query=$1"; }
echo "rules that fired during the run (ALERTS, pending or firing):"
q "count by (alertname, alertstate) (max_over_time(ALERTS[${WINDOW}s]))" | python3 -c '
import json,sys; r=json.load(sys.stdin)["data"]["result"]
print("  none" if not r else "\n".join("  %s %s" % (x["metric"]["alertname"], x["metric"]["alertstate"]) for x in r))'
steady=$((WINDOW - 60))
for e in "avg_over_time(stratop_watch_budget_use_ratio[${WINDOW}s])" "max_over_time(stratop_watch_backlog[${WINDOW}s])" \
         "max_over_time(stratop_watch_backlog[${steady}s])" "avg_over_time(stratop_watch_backlog[${steady}s])" \
         "increase(stratop_watch_read_errors_total[${WINDOW}s])" "increase(stratop_events_total[${WINDOW}s])"; do
  q "$e" | python3 -c '
import json,sys; r=json.load(sys.stdin)["data"]["result"]
for x in r: print("  %s%s = %s" % (sys.argv[1], x["metric"].get("kind",""), x["value"][1]))' "$e "
done
