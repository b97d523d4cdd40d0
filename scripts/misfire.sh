#!/bin/sh
# The misfire fuzzer's long run: the real dashboard on the sandbox driven by
# random key streams, every request the sandbox received checked against
# the confirmations shown (model/misfire_*_test.go).
#
#   scripts/misfire.sh [SEEDS [STEPS]]    default: 20 fresh seeds of 2000 steps
#
# A failing seed is printed with "keep this seed": add its "SEED STEPS" line to
# model/testdata/misfire_seeds.txt so that CI runs it from then on.
set -eu
cd "$(dirname "$0")/.."
seeds=${1:-20}
steps=${2:-2000}
MISFIRE_SEEDS=$seeds MISFIRE_STEPS=$steps exec go test -count=1 -timeout 60m \
	-run 'TestProgramMisfireFuzzer$' -v ./model
