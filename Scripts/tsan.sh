#!/usr/bin/env bash
# Runs the concurrency tests under the Thread Sanitizer: 8 tasks map thousands of records through
# one shared `static let` mapping (custom boxing, custom validators, a call, a regex), shared model-graph
# mappings (nested, recursive, first read from many threads at once), graphs of immutable models (one values
# object per graph) and the built-in boxings.
# Builds into .build-tsan/ so the normal debug build is left alone. Exits non-zero on any report.
#
#   Scripts/tsan.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}"
status=0
swift test --sanitize=thread --build-path .build-tsan --filter "SharedMappingConcurrencyTests|ModelConcurrencyTests|BoxingConcurrencyTests|EmptyArrayConcurrencyTests|SerializeConcurrencyTests|MappedValuesGraphTests" "$@" >"$log" 2>&1 || status=$?
grep -E "Test run with|ThreadSanitizer|error:" "$log" || true
if [[ $status -ne 0 ]] || grep -q "WARNING: ThreadSanitizer" "$log"; then
    tail -60 "$log" >&2
    echo "tsan: FAILED (exit $status)" >&2
    exit 1
fi
echo "tsan: no ThreadSanitizer report"
