#!/usr/bin/env bash
# Builds the library's DocC documentation and checks it. Runs from any directory; everything it
# writes is under the scratch path .build-docs/ (the normal .build/ is left alone).
#
#   Scripts/docs.sh
#
# 1. Symbol graphs: builds the PropertyMapper target and extracts its public API from the built module
#    with swift-symbolgraph-extract into .build-docs/symbol-graphs/: what `swift package
#    dump-symbol-graph` does, for the library alone and with no plugin (the package has no
#    dependencies). Not `swift build -Xswiftc -emit-symbol-graph`: the compiler writes those graphs
#    only when it compiles the module, so a build with nothing to compile leaves none, or stale ones.
# 2. DocC: `docc convert` of Sources/PropertyMapper/PropertyMapper.docc with those graphs, warnings
#    as errors (a broken ``symbol`` or <doc:article> link fails), into
#    .build-docs/PropertyMapper.doccarchive, transformed for static hosting: the archive folder is
#    also the website. Serve that folder as the root of any static HTTP server and open
#    /documentation/propertymapper/, for example
#        python3 -m http.server 8000 --directory .build-docs/PropertyMapper.doccarchive
#    It is built without --hosting-base-path, so it works at a server's root only; to publish it
#    under a sub-path (https://example.com/PropertyMapper/), convert with --hosting-base-path PropertyMapper.
# 3. Curation: every public symbol declared in Sources/PropertyMapper is listed in a `## Topics`
#    group of the catalog; the uncurated ones are named and fail the run (Scripts/docs-check-curation.py).
#
# The catalog's Swift code is checked by the test suite (DocumentationCodeTests), as README's is.
# Scripts/docs-browser-check.sh then checks the site as a reader sees it, in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

catalog=Sources/PropertyMapper/PropertyMapper.docc
scratch=.build-docs
graphs=$scratch/symbol-graphs
archive=$scratch/PropertyMapper.doccarchive

# docc ships with the toolchain: on PATH, or next to swift.
docc=$(command -v docc || true)
if [[ -z $docc ]]; then
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi

echo "== 1. symbol graphs of PropertyMapper into $graphs"
start=$SECONDS
swift build --scratch-path "$scratch" --target PropertyMapper
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
rm -rf "$graphs"
mkdir -p "$graphs"
swift symbolgraph-extract -module-name PropertyMapper -target "$triple" -I "$bin/Modules" \
    -module-cache-path "$bin/ModuleCache" -minimum-access-level public -emit-extension-block-symbols \
    -output-dir "$graphs"
echo "== symbol graphs: $((SECONDS - start)) s"

echo "== 2. docc convert $catalog into $archive (warnings as errors, static hosting)"
start=$SECONDS
rm -rf "$archive"
"$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$graphs" \
    --warnings-as-errors \
    --fallback-display-name PropertyMapper \
    --fallback-bundle-identifier PropertyMapper \
    --transform-for-static-hosting \
    --output-path "$archive"
echo "== docc convert: $((SECONDS - start)) s"

echo "== 3. every public symbol is curated in a Topics group"
start=$SECONDS
python3 Scripts/docs-check-curation.py "$graphs" "$archive"
echo "== curation check: $((SECONDS - start)) s"

echo "== documentation site: $PWD/$archive"
echo "   serve it:  python3 -m http.server 8000 --directory $PWD/$archive"
echo "   then open: http://localhost:8000/documentation/propertymapper/"
echo "== docs total: $SECONDS s"
