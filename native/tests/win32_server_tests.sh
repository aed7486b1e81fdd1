#!/usr/bin/env bash
# The Windows engine against real servers, run as .exe under Wine: a private loopback
# Ganesha and Samba (src/test/servers/ganesha.sh, samba.sh) in BIN/servers on free ports;
# run by ctest win32 (win32_variant.cmake) after the C unit tests.
#
#   win32_server_tests.sh BIN LIBDIR WINE SMB   (BIN: the .exe files, LIBDIR: sfsengine.dll,
#                                     SMB: ON when the smb backend is built in; WINEPREFIX
#                                     set by the caller)
#
# - nfs3_live_test.exe: every NFSv3 procedure through the Windows libnfs, the NFS and MOUNT
#   ports given in the URL (no rpcbind);
# - sfsload.exe: an sfs2008-nfs load point on nfs3, an sfs2008-cifs one on win32 (a local
#   folder) and, with SMB=ON, an sfs2008-cifs load point on smb (libsmb2, 4 outstanding I/Os
#   per proc), each with ops done and 0 errors.  The smb one issues 1200 ops: reads after
#   writes on reused request slots, several handle ops of a proc in flight; a read into a
#   stale smaller write buffer corrupts the Windows heap (or fails with WSAEFAULT) in nearly
#   every such run.
# Exit status: the number of failed tests (a server that does not start is a failure).
set -uo pipefail
BIN=$(cd "$1" && pwd)
LIBDIR=$(cd "$2" && pwd)
WINE=$3
SMB=${4:-OFF}
HERE=$(cd "$(dirname "$0")" && pwd)
SERVERS=$HERE/../../src/test/servers
export WINEDEBUG=-all WINEPATH=$LIBDIR

# shellcheck source=free_ports.sh
. "$HERE/free_ports.sh"

failed=0
run() {
  echo "== $1 ${2:-}"
  if timeout 120 "$WINE" "$@"; then echo "== passed: $1"; else echo "== FAILED ($?): $1"; failed=$((failed + 1)); fi
}
# sfsload.exe -q on config $1 for 3 s: ops done, 0 errors
load_point() {
  local out=$BIN/servers/$(basename "$1" .cfg).out
  echo "== sfsload.exe $1"
  timeout 180 "$WINE" "$BIN/sfsload.exe" -q -t 3 -i 120 "$1" >"$out" 2>&1
  local rc=$? total
  total=$(grep '^total ' "$out")
  cat "$out"
  if [ "$rc" -eq 0 ] && [[ "$total" =~ ops=([1-9][0-9]*)\  ]] && [[ "$total" == *" errors=0 "* ]]; then
    echo "== passed: $1"
  else
    echo "== FAILED (exit $rc; expected ops > 0 and errors=0): $1"; failed=$((failed + 1))
  fi
}
procs2() {   # procs=2 and two targets
  echo procs=2; for i in 0 1; do echo "target.$i=$1"; done
}

export SFS_GANESHA_DIR=$BIN/servers/ganesha SFS_SAMBA_DIR=$BIN/servers/samba SFS_SAMBA_ALSO_445=0
free_ports SFS_GANESHA_PORT SFS_GANESHA_MNT_PORT SFS_SAMBA_PORT || exit 1
export SFS_GANESHA_PORT SFS_GANESHA_MNT_PORT SFS_SAMBA_PORT
cleanup() {
  bash "$SERVERS/ganesha.sh" stop >/dev/null 2>&1
  bash "$SERVERS/samba.sh" stop >/dev/null 2>&1
}
trap cleanup EXIT
mkdir -p "$BIN/servers"

if bash "$SERVERS/ganesha.sh" start; then
  # shellcheck disable=SC1091
  . "$SFS_GANESHA_DIR/env"
  run "$BIN/nfs3_live_test.exe" "$SFS_NFS_URL" "win-live-$$"
  { echo backend=nfs3; echo workload=sfs2008-nfs; echo rate=50; echo fileset_scale=0.0005
    echo root=win$$; procs2 "$SFS_NFS_URL"; } >"$BIN/servers/nfs3.cfg"
  load_point "$BIN/servers/nfs3.cfg"
else
  echo "win32_server_tests.sh: the private Ganesha did not start (log $SFS_GANESHA_DIR/ganesha.log)" >&2
  failed=$((failed + 1))
fi

# the win32 backend on a local folder (no server): the CIFS mix through Windows file calls
mkdir -p "$BIN/servers/win32"
{ echo backend=win32; echo workload=sfs2008-cifs; echo rate=100; echo fileset_scale=0.0005
  echo root=win$$; procs2 "Z:$(echo "$BIN/servers/win32" | tr / '\\')"; } >"$BIN/servers/win32.cfg"
load_point "$BIN/servers/win32.cfg"

if [ "$SMB" != ON ]; then
  echo "== smb: not built into the Windows engine (SFS_WIN32_WITH_SMB=OFF)"
elif bash "$SERVERS/samba.sh" start; then
  # shellcheck disable=SC1091
  . "$SFS_SAMBA_DIR/env"
  # the password goes into a file of mode 0600, never on a command line
  (umask 077
   { echo backend=smb; echo workload=sfs2008-cifs; echo outstanding_ios=4; echo rate=200
     echo fileset_scale=0.0005; echo root=win$$; echo "username=$USER"
     echo "password=$PASSWORD"; echo "domain=$DOMAIN"; procs2 "$TARGET"; } >"$BIN/servers/smb.cfg")
  load_point "$BIN/servers/smb.cfg"
else
  echo "win32_server_tests.sh: the private Samba did not start (logs in $SFS_SAMBA_DIR/log)" >&2
  failed=$((failed + 1))
fi
exit "$failed"
