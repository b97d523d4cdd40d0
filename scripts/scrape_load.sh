#!/usr/bin/env bash
# Scrape /metrics 100 times a second for 10 s while a watcher runs over a
# sandbox of 10,000 strategies; prints the scrape latencies and the
# interface requests the scrapes caused (PERFORMANCE.md "stratop serve").
set -euo pipefail
cd "$(dirname "$0")/.."
STRATOP_MEASURE=1 go test -count=1 -v -run '^TestMeasureScrapeUnderLoad$' ./metrics | grep -E '^(scrapes|interface|--- |ok|FAIL)'
