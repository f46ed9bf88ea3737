#!/usr/bin/env bash
# Checks the documentation site that Scripts/docs.sh built, as a reader sees it: in headless
# Chromium, after each page's JavaScript has rendered it. Runs from any directory:
#
#   Scripts/docs-browser-check.sh
#
# 1. Installs Debian's chromium when it is missing (apt-get, through sudo unless run as root).
# 2. Serves .build-docs/PropertyMapper.doccarchive at the root of python3 -m http.server, on a free
#    loopback port; the server is stopped on exit.
# 3. Checks the rendered pages (their headings and code listings, read by Scripts/docs-page-text.py):
#    the landing page shows the title "PropertyMapper" and every topic group heading of the catalog's
#    landing page; the Mapper and ValidationError pages show their titles; the Getting Started
#    article shows its code.
# 4. Takes a screenshot of the landing page (1280×2000) into .build-docs/screenshots/landing.png, and
#    fails when it is missing or so small that the page cannot have rendered.
# Each check prints what it checked; a failure exits non-zero naming the check.
set -euo pipefail
cd "$(dirname "$0")/.."

site=.build-docs/PropertyMapper.doccarchive
landing=Sources/PropertyMapper/PropertyMapper.docc/PropertyMapper.md
screenshot=.build-docs/screenshots/landing.png
# A rendered landing page is hundreds of kilobytes; a blank 1280×2000 one is a few.
screenshot_min_bytes=50000

work=$(mktemp -d)
server=""
cleanup() {
    if [[ -n $server ]]; then kill "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "docs-browser-check: FAILED: $*" >&2
    exit 1
}

[[ -f $site/index.html ]] || fail "no site at $site: run Scripts/docs.sh first"

echo "== 1. chromium"
start=$SECONDS
if ! command -v chromium >/dev/null; then
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    echo "   installing Debian's chromium"
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
chromium --version 2>/dev/null
echo "== chromium: $((SECONDS - start)) s"

echo "== 2. serving $site"
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$site" >"$work/server.log" 2>&1 &
server=$!
# Port 0 lets the system pick a free port; the server prints it once it listens.
port=""
for _ in $(seq 100); do
    port=$(sed -n 's/^Serving HTTP on .* port \([0-9]*\) .*/\1/p' "$work/server.log")
    [[ -n $port ]] && break
    kill -0 "$server" 2>/dev/null || fail "serving the site: the HTTP server exited: $(cat "$work/server.log")"
    sleep 0.1
done
[[ -n $port ]] || fail "serving the site: the HTTP server printed no port"
base="http://127.0.0.1:$port"
echo "   at $base"

# --virtual-time-budget lets the page's scripts fetch its JSON and render before the DOM is taken.
chromium_flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage
    --user-data-dir="$work/profile" --virtual-time-budget=20000)

# render NAME PATH: loads PATH in Chromium and writes what a reader sees of it to $work/NAME.txt.
render() {
    chromium "${chromium_flags[@]}" --dump-dom "$base$2" >"$work/$1.html" 2>"$work/$1.log" \
        || fail "$1 page: Chromium could not load $base$2: $(tail -5 "$work/$1.log")"
    python3 Scripts/docs-page-text.py "$work/$1.html" >"$work/$1.txt"
}

# expect NAME LINE: the rendered page NAME shows LINE (a heading, `h1: Mapper`, or a line of code).
expect() {
    if grep -Fxq -- "$2" "$work/$1.txt"; then
        echo "   ok: the $1 page shows '$2'"
    else
        echo "   the $1 page shows:" >&2
        sed 's/^/     /' "$work/$1.txt" >&2
        fail "$1 page: it does not show '$2'"
    fi
}

echo "== 3. the rendered pages"
start=$SECONDS
render landing /documentation/propertymapper/
expect landing "h1: PropertyMapper"
groups=$(sed -n '/^## Topics$/,$s/^### //p' "$landing")
[[ -n $groups ]] || fail "landing page: no topic groups in $landing"
while IFS= read -r group; do
    expect landing "h3: $group"
done <<<"$groups"

render Mapper /documentation/propertymapper/mapper/
expect Mapper "h1: Mapper"
render ValidationError /documentation/propertymapper/validationerror/
expect ValidationError "h1: ValidationError"

render GettingStarted /documentation/propertymapper/gettingstarted/
expect GettingStarted "h1: Getting Started"
expect GettingStarted "code: try Mapper.mapValues(from: json, to: self, using: Self.mapping)"
echo "== rendered pages: $((SECONDS - start)) s"

echo "== 4. screenshot of the landing page"
start=$SECONDS
mkdir -p "$(dirname "$screenshot")"
rm -f "$screenshot"
chromium "${chromium_flags[@]}" --hide-scrollbars --window-size=1280,2000 \
    --screenshot="$PWD/$screenshot" "$base/documentation/propertymapper/" >"$work/screenshot.log" 2>&1 \
    || fail "screenshot: Chromium failed: $(tail -5 "$work/screenshot.log")"
[[ -f $screenshot ]] || fail "screenshot: Chromium wrote no $screenshot"
bytes=$(wc -c <"$screenshot")
((bytes >= screenshot_min_bytes)) || fail "screenshot: $screenshot is $bytes bytes, too small for a rendered page"
echo "   ok: $PWD/$screenshot ($bytes bytes)"
echo "== screenshot: $((SECONDS - start)) s"

echo "== docs browser check passed: $SECONDS s"
