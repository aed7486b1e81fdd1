#!/usr/bin/env bash
# The C backend tests that need a server, against a private loopback Ganesha and
# Samba (src/test/servers/ganesha.sh, samba.sh) in BIN/servers on free ports; run by
# the sanitizer variants (sanitizer_variant.cmake).
#
#   server_tests.sh BIN
#
# BIN holds the built nfs3_live_test, frozen_server_test (nfs3 with loadfile, smb
# through libsmb2 with sfs2008-cifs) and outage_server_test (nfs3 restarted).  Exit status: the number
# of failed tests (a server that does not start is a failure).
set -uo pipefail
BIN=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
SERVERS=$HERE/../../src/test/servers

# shellcheck source=free_ports.sh
. "$HERE/free_ports.sh"

failed=0
run() {
  echo "== $1 ${2:-}"
  if timeout 300 "$@"; then echo "== passed: $1"; else echo "== FAILED ($?): $1"; failed=$((failed + 1)); fi
}
procs4() {   # procs=4 and four targets
  echo procs=4; for i in 0 1 2 3; do echo "target.$i=$1"; done
}

export SFS_GANESHA_DIR=$BIN/servers/ganesha SFS_SAMBA_DIR=$BIN/servers/samba SFS_SAMBA_ALSO_445=0
free_ports SFS_GANESHA_PORT SFS_GANESHA_MNT_PORT SFS_SAMBA_PORT || exit 1
export SFS_GANESHA_PORT SFS_GANESHA_MNT_PORT SFS_SAMBA_PORT
cleanup() {   # a frozen server is thawed first, so that it can stop
  for f in "$SFS_GANESHA_DIR/ganesha.pid" "$SFS_SAMBA_DIR/run/smbd.fg.pid"; do
    [ -s "$f" ] && kill -CONT -- "-$(cat "$f")" 2>/dev/null
  done
  bash "$SERVERS/ganesha.sh" stop >/dev/null 2>&1
  bash "$SERVERS/samba.sh" stop >/dev/null 2>&1
}
trap cleanup EXIT
mkdir -p "$BIN/servers"

if bash "$SERVERS/ganesha.sh" start; then
  # shellcheck disable=SC1091
  . "$SFS_GANESHA_DIR/env"
  run "$BIN/nfs3_live_test" "$SFS_NFS_URL" "live-$$"
  { echo backend=nfs3; echo workload=loadfile; echo root=frozen$$
    echo "loadfile=$HERE/loadfiles/nfs.load"; procs4 "$SFS_NFS_URL"; } >"$BIN/servers/nfs3.cfg"
  run "$BIN/frozen_server_test" "$SFS_GANESHA_PID" "$BIN/servers/nfs3.cfg"
  # restarted in the middle of RUN and ridden through (outage_max)
  { echo backend=nfs3; echo workload=sfs2008-nfs; echo root=outage$$; echo rate=100
    echo fileset_scale=0.002; procs4 "$SFS_NFS_URL"; } >"$BIN/servers/nfs3-outage.cfg"
  run "$BIN/outage_server_test" "$BIN/servers/nfs3-outage.cfg" "bash $SERVERS/ganesha.sh stop" \
    "bash $SERVERS/ganesha.sh start"
else
  echo "server_tests.sh: the private Ganesha did not start (log $SFS_GANESHA_DIR/ganesha.log)" >&2
  failed=$((failed + 1))
fi

if bash "$SERVERS/samba.sh" start; then
  # shellcheck disable=SC1091
  . "$SFS_SAMBA_DIR/env"
  smbd=$(cat "$SFS_SAMBA_DIR/run/smbd.fg.pid")
  # the password goes into a file of mode 0600, never on a command line
  (umask 077
   # two connections of two procs, up to 96 requests each once frozen: past the libsmb2
   # client's cap of 64 handed over (smb_l2.h), so held calls meet the timeout and close too
   { echo backend=smb; echo workload=sfs2008-cifs; echo outstanding_ios=48; echo smb_conn_procs=2
     echo rate=100
     echo fileset_scale=0.002; echo root=frozen$$; echo "username=$USER"
     echo "password=$PASSWORD"; echo "domain=$DOMAIN"; procs4 "$TARGET"; } >"$BIN/servers/smb.cfg")
  run "$BIN/frozen_server_test" "$smbd" "$BIN/servers/smb.cfg"
else
  echo "server_tests.sh: the private Samba did not start (logs in $SFS_SAMBA_DIR/log)" >&2
  failed=$((failed + 1))
fi
exit "$failed"
