#!/usr/bin/env bash
# Builds the libFuzzer target (library sources + Fuzz/FuzzTarget.swift + the shared invariant checks
# in Tests/PropertyMapperTests/Properties/Support) with -sanitize=fuzzer,address, then fuzzes for
# the given number of seconds (default 60), starting from a temporary copy of Fuzz/corpus.
#
#   Fuzz/run.sh [seconds]          fuzz; exits non-zero on a finding (crash, trap, hang, broken invariant)
#   Fuzz/run.sh --replay FILE...   runs the target once on each file (to reproduce a finding)
#
# Everything is written under fuzz-artifacts/ (ignored by git), or $FUZZ_OUT: the build, the working
# corpus, the log, and findings/ (crash-*, timeout-*, oom-* inputs). Keep a finding: copy it into
# Fuzz/corpus/ with a descriptive name, so the test suite replays it (FuzzCorpusTests).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${FUZZ_OUT:-$root/fuzz-artifacts}"
build="$out/build"
binary="$build/fuzz-mapper"
mkdir -p "$build" "$out/findings"

swift_flags=(-swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -sanitize=fuzzer,address -O -g)
library_sources=$(find "$root/Sources/PropertyMapper" -name '*.swift' | sort)
target_sources="$root/Fuzz/FuzzTarget.swift $(find "$root/Tests/PropertyMapperTests/Properties/Support" -name '*.swift' | sort | tr '\n' ' ')"

quiet() { grep -v -e "Cannot export local symbol" -e "^$" || true; }

if [[ ! -x "$binary" ]] || [[ -n "$(find "$root/Sources" "$root/Fuzz" "$root/Tests/PropertyMapperTests/Properties/Support" -name '*.swift' -newer "$binary")" ]]; then
    echo "fuzz: building $binary"
    # shellcheck disable=SC2086
    swiftc -emit-library -static -emit-module -module-name PropertyMapper -parse-as-library -wmo "${swift_flags[@]}" \
        -emit-module-path "$build/PropertyMapper.swiftmodule" -o "$build/libPropertyMapper.a" $library_sources 2>&1 | quiet
    # shellcheck disable=SC2086
    swiftc -module-name FuzzMapper -parse-as-library "${swift_flags[@]}" -I "$build" -L "$build" -lPropertyMapper \
        -o "$binary" $target_sources 2>&1 | quiet
    [[ -x "$binary" ]] || { echo "fuzz: build failed" >&2; exit 2; }
fi

# libFuzzer handles crashes itself; Swift's backtracer would only delay it.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"

if [[ "${1:-}" == "--replay" ]]; then
    shift
    exec "$binary" -detect_leaks=0 "$@"
fi

seconds="${1:-60}"
work="$(mktemp -d "$out/corpus.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp "$root/Fuzz/corpus/"* "$work/"
log="$out/fuzz.log"
echo "fuzz: running for ${seconds}s from $(ls "$work" | wc -l) seed inputs; log in $log"
status=0
"$binary" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=32768 -detect_leaks=0 \
    -dict="$root/Fuzz/json.dict" -artifact_prefix="$out/findings/" -print_final_stats=1 "$work" >"$log" 2>&1 || status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
elapsed=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
if [[ $status -ne 0 ]]; then
    grep -v -e "^#" "$log" | tail -40 >&2
    echo "fuzz: FINDING after ${runs:-?} executions (exit $status); inputs in $out/findings/" >&2
    exit 1
fi
echo "fuzz: ${runs:-?} executions in ${elapsed:-?} s, no finding ($(ls "$work" | wc -l) corpus entries)"
