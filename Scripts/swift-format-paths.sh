# The Swift files that Scripts/format.sh formats and Scripts/lint.sh checks, one list for both
# (sourced, not run): every Swift file of the package, its fuzz target, its playground
# (pages and shared sources) and its fixtures. Directories are searched recursively by `swift format`.
swift_format_paths=(Package.swift Sources Tests Fuzz Playgrounds Fixtures)
