# Sourced by bin/bench-*.
#
# A benchmark package depends on the root package by path, and SwiftPM reuses its cached build
# plan for a path dependency without rescanning its directories: files added to the root package
# would be missing ("cannot find … in scope"). Dropping the plan makes SwiftPM rescan; the build
# itself stays incremental.

# photofeed_drop_build_plan: run in the benchmark package's directory, before `swift build`.
photofeed_drop_build_plan() {
    rm -f .build/release.yaml .build/release/description.json
}
