#!/usr/bin/env bash
# How long the compiler takes to type-check a large mapping literal with long validator chains.
#
# Builds the PropertyMapper module (debug, into .build-typecheck/ unless SCRATCH says otherwise),
# generates one Swift file per size holding a model (Int, Double, String and optional properties) and
# `static let mapping: Mapping<Model> = [...]` with that many entries: numeric chains mixing integer and
# floating literals (`.min(0).max(100).range(1, 50).oneOf([1, 2, 3.5]).equalTo(2)`), string chains
# (`.lengthRange(1, 80).matchesRegEx("^a").oneOf(["a", "b"])`), `.isRequired()`, boxings, calls and
# nested dictionaries. Each file is type-checked RUNS times (3 by default) with
#
#   swiftc -typecheck -Xfrontend -debug-time-expression-type-checking -I <modules dir> file.swift
#
# plus `-Xfrontend -warn-long-expression-type-checking=100000` (with Swift 6.3 the per-expression
# timer runs, and prints its times, only when that warning is on; at 100 s it never fires). The
# table gives, per size, the median over the runs of the slowest expression's time (the mapping
# literal is one expression) and of the total of all expression times, in milliseconds, then each
# run's figures. A benchmark that prints figures, not a test: it fails only when a file does not
# type-check.
#
#   Scripts/typecheck-bench.sh                 # sizes 60 and 120, 3 runs each
#   SIZES="60 120 240" RUNS=5 Scripts/typecheck-bench.sh
#   SCRATCH=.build Scripts/typecheck-bench.sh  # reuse another build directory
#   KEEP=1 Scripts/typecheck-bench.sh          # keep the generated files (their directory is printed)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${SCRATCH:-.build-typecheck}"
[[ "$scratch" = /* ]] || scratch="$root/$scratch"
sizes="${SIZES:-60 120}"
runs="${RUNS:-3}"
swiftc="${SWIFTC:-$(command -v swiftc)}"

(cd "$root" && swift build --scratch-path "$scratch" --target PropertyMapper >/dev/null)
# The products directory by its real path (debug/ is a symlink): the module cache then has the one
# path the tests' own compilations use, and clang never finds the same module under two paths.
products="$(cd "$scratch/debug" && pwd -P)"
modules="$products/Modules"
[[ -e "$modules/PropertyMapper.swiftmodule" ]] || modules="$products"
[[ -e "$modules/PropertyMapper.swiftmodule" ]] || { echo "typecheck-bench: no PropertyMapper.swiftmodule under $products" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/typecheck-bench.XXXXXX")"
if [[ -n "${KEEP:-}" ]]; then echo "generated files in $work"; else trap 'rm -rf "$work"' EXIT; fi

# Writes a file with an `entries`-entry mapping to stdout (`entries` top-level entries; one in eight is a
# nested dictionary of three more). Entry k cycles through eight shapes; each has its own properties.
generate() {
    local entries=$1 k properties="" mapping=""
    for ((k = 0; k < entries; k++)); do
        case $((k % 8)) in
        0)
            properties+="    var count$k = 0"$'\n'
            mapping+="        \"count$k\": .property(\\.count$k).min(0).max(100).range(1, 50).oneOf([1, 2, 3.5]).equalTo(2),"$'\n' ;;
        1)
            properties+="    var score$k = 0.0"$'\n'
            mapping+="        \"score$k\": .property(\\.score$k).isRequired().min(0.5).max(100).range(0, 99.5).oneOf([1, 2, 3.5]).equalTo(2),"$'\n' ;;
        2)
            properties+="    var name$k = \"\""$'\n'
            mapping+="        \"name$k\": .property(\\.name$k).isRequired().lengthRange(1, 80).matchesRegEx(\"^a\").oneOf([\"a\", \"b\"]),"$'\n' ;;
        3)
            properties+="    var rating$k: Int?"$'\n'
            mapping+="        \"rating$k\": .property(\\.rating$k).min(1).max(5.5).range(1...5).oneOf([1, 2, 3]).equalTo(3),"$'\n' ;;
        4)
            properties+="    var nickname$k: String?"$'\n'
            mapping+="        \"nickname$k\": .property(\\.nickname$k).minLength(1).maxLength(20).matchesRegEx(\"^[a-z]+$\").equalTo(\"bob\"),"$'\n' ;;
        5)
            properties+="    var url$k: URL?"$'\n'
            mapping+="        \"url$k\": .box(.url, \\.url$k).isRequired().lengthRange(8, 200),"$'\n' ;;
        6)
            properties+="    var kind$k: Kind?"$'\n'
            mapping+="        \"kind$k\": .call(Model.kind(from:), \\.kind$k).oneOf([\"a\", \"b\", \"c\"]),"$'\n' ;;
        7)
            properties+="    var lat$k = 0.0"$'\n'"    var label$k: String?"$'\n'"    var height$k: Double?"$'\n'
            mapping+="        \"nested$k\": ["$'\n'
            mapping+="            \"lat\": .property(\\.lat$k).range(-90, 90.5).min(-90).max(90),"$'\n'
            mapping+="            \"label\": .property(\\.label$k).lengthRange(1, 80).oneOf([\"x\", \"y\"]),"$'\n'
            mapping+="            \"deep\": [0: .property(\\.height$k).min(0).max(8848.5).equalTo(1), 1: .property(\\.lat$k).isRequired()],"$'\n'
            mapping+="        ],"$'\n' ;;
        esac
    done
    cat <<EOF
import Foundation
import PropertyMapper

enum Kind: String { case a, b, c }

final class Model: @unchecked Sendable {
$properties
    func kind(from text: String) -> Kind? { Kind(rawValue: text) }

    static let mapping: Mapping<Model> = [
$mapping    ]
}
EOF
}

# The slowest and the total expression time of one type-check, in ms: "slowest total".
measure() {
    local file=$1 log
    log="$work/log"
    if ! "$swiftc" -typecheck -swift-version 6 -I "$modules" -module-cache-path "$products/ModuleCache" \
        -Xfrontend -debug-time-expression-type-checking -Xfrontend -warn-long-expression-type-checking=100000 \
        "$file" >"$log" 2>&1; then
        cat "$log" >&2
        echo "typecheck-bench: $file does not type-check" >&2
        exit 1
    fi
    # Lines such as "512.34ms	/tmp/…/mapping60.swift:14:42".
    awk -F'ms\t' '/^[0-9.]+ms\t/ { t = $1 + 0; total += t; if (t > max) max = t } END { printf "%.1f %.1f\n", max, total }' "$log"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-8s %22s %22s   %s\n' "entries" "slowest expr (ms)" "all expressions (ms)" "runs (slowest/total)"
for size in $sizes; do
    file="$work/mapping$size.swift"
    generate "$size" >"$file"
    results=()
    for ((run = 0; run < runs; run++)); do results+=("$(measure "$file")"); done
    slowest=$(printf '%s\n' "${results[@]}" | cut -d' ' -f1 | median)
    total=$(printf '%s\n' "${results[@]}" | cut -d' ' -f2 | median)
    printf '%-8s %22s %22s   %s\n' "$size" "$slowest" "$total" "$(printf '%s ' "${results[@]/ //}")"
done
