#!/usr/bin/env bash
# Runs the tests that move values into models (PropertyFieldTests: key paths into sub-objects and
# sub-structs, in batches of 1, 2 and 200; AtomicityTests; MapperJSONTests; ModelTests and MergingFieldTests,
# which make nested models in place and keep merged writes aside; DictionaryScanTests and
# KeyPoliciesTests, which read dictionaries whole through positions kept in the staging buffer; SourceValueTests,
# whose values are read in place from the `Any` that holds them; MappedValuesTests, MappedValuesReadOrderTests,
# MappedValuesGraphTests, MappedValuesSharingTests and ImmutableModelTests, whose init(_ values:) moves staged
# values out (in the model's own code, for a read in mapping order) and leaves the rest to be destroyed, one values
# object serving a whole graph;
# FoundationContainerTests and FoundationArrayTests, deep and cyclic NSDictionary and NSArray sources,
# which must be one error and never a crash; HandlesTests, the staging buffer and the typed handles
# on its memory, and StagingTests, what a failed run destroys; UTF8BytesTests, text read in place; the CodableBridge
# suites, a decoder's value read as a source, deep documents on a small stack included) in a RELEASE build under
# the Address Sanitizer, where a write into the wrong object is a report rather than a silently wrong
# value. Builds into .build-asan/ so the normal debug build is left alone; the whole log is kept in
# .build-asan/asan.log. Exits non-zero on any ASan report, crash or test failure (or when one of the
# suites did not run), and prints the time taken, build included.
#
#   Scripts/asan.sh [extra swift test arguments]
#
# `@testable import` keeps working in the release build: SwiftPM's --enable-testable-imports (the
# default) compiles the package with -enable-testing in every configuration. Linking with lld
# (shipped with the toolchain) avoids gold's "Cannot export local symbol '__asan_extra_spill_area'"
# warning for every executable. Tests run one at a time, so that a report lands near the write that
# caused it rather than in a test running alongside.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
suites=(
    PropertyFieldTests AtomicityTests MapperJSONTests ModelTests MergingFieldTests SerializerTests SerializeModelTests SerializeErrorTests
    DictionaryScanTests KeyPoliciesTests JSONDocumentTests JSONDemandTests SourceValueTests MappedValuesTests MappedValuesReadOrderTests
    MappedValuesGraphTests MappedValuesSharingTests ImmutableModelTests FoundationContainerTests FoundationArrayTests
    HandlesTests StagingTests UTF8BytesTests
    CodableBridgeDecodingTests CodableBridgeEncodingTests CodableBridgePropertyListTests CodableBridgeDepthTests
    CodableBridgePolicyTests CodableBridgeArrayTests
)
mkdir -p .build-asan
log=.build-asan/asan.log
# Leak checking would report the runtime's and Foundation's deliberate one-time allocations. Use-after-return
# detection moves locals to a heap "fake stack", where the depth guards' stack addresses (StackFloor) mean
# nothing: a deep document on a small thread would then overflow the real stack instead of being refused.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1:detect_stack_use_after_return=0}"
# Let ASan report a bad access itself, rather than Swift's backtracer.
export SWIFT_BACKTRACE=enable=no
status=0
swift test -c release --sanitize=address --scratch-path .build-asan -Xswiftc -use-ld=lld --no-parallel \
    --filter "$(IFS='|'; echo "${suites[*]}")" "$@" >"$log" 2>&1 || status=$?
grep -E "warning:|error:|Test run with" "$log" | grep -v "^0x" || true
failed=false
[[ $status -eq 0 ]] || failed=true
grep -q "Test run with .* passed" "$log" || failed=true
for suite in "${suites[@]}"; do
    grep -q "Suite $suite " "$log" || { echo "asan: suite $suite did not run" >&2; failed=true; }
done
if grep -q "ERROR: AddressSanitizer" "$log"; then
    failed=true
    # The first report: what was accessed, where, and the stack.
    awk '/ERROR: AddressSanitizer/ { on = 1 } on && /^(==|    #|SUMMARY)/ { print; if (++n >= 30 || /^SUMMARY/) exit }' "$log" >&2
fi
if $failed; then
    grep -E "recorded an issue|signal code" "$log" | cut -c1-400 | head -20 >&2 || true
    echo "asan: FAILED (exit $status) after $((SECONDS - start)) s; log in $log" >&2
    exit 1
fi
echo "asan: no AddressSanitizer report, every test passed ($((SECONDS - start)) s, build included)"
