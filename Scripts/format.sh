#!/usr/bin/env bash
# Formats, in place, every Swift file that Scripts/lint.sh checks (Scripts/swift-format-paths.sh),
# with the package's .swift-format configuration. Run it after merging, then commit the result on
# its own, as a mechanical change. Afterwards Scripts/lint.sh passes, except for the few findings
# the formatter cannot fix by itself (a name to rename, an enum case to split by hand).
#
#   Scripts/format.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/swift-format-paths.sh
swift format format --in-place --parallel --recursive --configuration .swift-format "${swift_format_paths[@]}"
