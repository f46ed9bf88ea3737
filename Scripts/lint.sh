#!/usr/bin/env bash
# Checks every Swift file of the package against .swift-format, strictly: any finding is an error
# and the script exits non-zero. Scripts/format.sh fixes most findings; it formats the same files
# (Scripts/swift-format-paths.sh).
#
#   Scripts/lint.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/swift-format-paths.sh
swift format lint --strict --parallel --recursive --configuration .swift-format "${swift_format_paths[@]}"
echo "lint: no findings"
