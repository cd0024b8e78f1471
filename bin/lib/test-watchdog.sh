# Sourced by bin/test: ends a test run that has gone on too long, saying where it stood.
#
# A test whose await is never resumed (a continuation nothing completes ignores cancellation)
# outlives its Swift Testing time limit, and the run would then wait for CI's own limit, saying
# nothing. Past the watchdog's limit this prints one `error:` line and, for each test process (an
# `.xctest` under the run), every thread's backtrace (gdb, installed then if missing), then kills
# every process under the run, so that bin/test fails.

# The process ids under $1 but outside the process $2, deepest first.
photofeed_descendants() {
    local child
    for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
        [ "$child" = "$2" ] && continue
        photofeed_descendants "$child" "$2"
        echo "$child"
    done
}

# Run in the background by the script whose process is $1: past $2 minutes, prints the
# backtraces and ends every process under the script but the watchdog itself, so the script's
# command fails. Returns when the script ends first.
photofeed_watch_tests() {
    local script="$1" limit=$(($2 * 60)) waited=0
    while kill -0 "$script" 2>/dev/null; do
        if [ "$waited" -ge "$limit" ]; then
            photofeed_report_stalled_tests "$script" "$2"
            return
        fi
        sleep 5
        waited=$((waited + 5))
    done
}

photofeed_report_stalled_tests() {
    local script="$1" minutes="$2" watchdog="$BASHPID" processes pid
    processes="$(photofeed_descendants "$script" "$watchdog")"
    echo "bin/test: error: the tests have run for $minutes minutes (one never returned?);" \
        "every thread of each test process follows" >&2
    photofeed_ensure_system_deps gdb || echo "bin/test: gdb could not be installed: no backtraces" >&2
    for pid in $processes; do
        grep -q 'xctest' "/proc/$pid/cmdline" 2>/dev/null || continue
        echo "--- test process $pid: $(tr '\0' ' ' < "/proc/$pid/cmdline")" >&2
        timeout 300 gdb --batch -p "$pid" -ex 'thread apply all bt 40' 2>/dev/null \
            | grep -E '^(Thread|#)' | swift demangle --simplified >&2 || true
    done
    # shellcheck disable=SC2086 # one id per word
    kill -KILL $processes 2>/dev/null || true
}
