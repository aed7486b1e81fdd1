#!/bin/sh
# Runs cmake with its arguments for Maven's build and prints what it said except the lines that
# only report progress (make's "Built target", "Configuring done" and the like): warnings,
# errors and compiler output pass through, and the exit status is cmake's.
log=$(mktemp "${TMPDIR:-/tmp}/sfs-cmake.XXXXXX") || exit 1
cmake "$@" >"$log" 2>&1
rc=$?
grep -v -E '^\[ *[0-9]+%\] Built target |^-- (Configuring done|Generating done|Build files have been written to: )' "$log"
rm -f "$log"
exit $rc
