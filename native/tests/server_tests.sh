#!/usr/bin/env bash
# The C backend tests that need a server, against a private loopback Ganesha
# (src/test/servers/ganesha.sh) in BIN/ganesha on free ports; run by the
# sanitizer variants (sanitizer_variant.cmake).
#
#   server_tests.sh BIN
#
# BIN holds the built nfs3_live_test and nfs3_frozen_test.  Exit status:
# the number of failed tests (a server that does not start is a failure).
set -uo pipefail
BIN=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
GANESHA=$HERE/../../src/test/servers/ganesha.sh

free_port() {
  local p
  for p in $(shuf -i 20000-60000 -n 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
  done
  return 1
}

export SFS_GANESHA_DIR=$BIN/ganesha
export SFS_GANESHA_PORT=$(free_port) SFS_GANESHA_MNT_PORT=$(free_port)
trap 'kill -CONT "${SFS_GANESHA_PID:-0}" 2>/dev/null; bash "$GANESHA" stop >/dev/null 2>&1' EXIT
if ! bash "$GANESHA" start; then
  echo "server_tests.sh: the private Ganesha did not start (log $SFS_GANESHA_DIR/ganesha.log)" >&2
  exit 1
fi
# shellcheck disable=SC1091
. "$SFS_GANESHA_DIR/env"
failed=0
run() {
  echo "== $*"
  if timeout 300 "$@"; then echo "== passed: $1"; else echo "== FAILED ($?): $1"; failed=$((failed + 1)); fi
}
run "$BIN/nfs3_live_test" "$SFS_NFS_URL" "live-$$"
run "$BIN/nfs3_frozen_test" "$SFS_NFS_URL" "$SFS_GANESHA_PID"
exit "$failed"
