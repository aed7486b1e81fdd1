#!/usr/bin/env bash
# ctest smb_outage: smb_outage_test against a private loopback smbd
# (src/test/servers/samba.sh) in BIN/servers/samba-outage on a free port, which the
# test restarts in the middle of a RUN with outage_max set, and again without it; then,
# with posix locking off (durable handles granted), drops its connections (SIGTERM to
# the smbd processes serving them) in the middle of a RUN: the files are re-opened
# through their durable handles.  Never the shared default instance: this one is
# stopped and started again.
#
#   smb_outage.sh BIN
#
# BIN holds the built smb_outage_test.  Exit status: 0 when it passed.
set -uo pipefail
BIN=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
SERVERS=$HERE/../../src/test/servers

# shellcheck source=free_ports.sh
. "$HERE/free_ports.sh"

export SFS_SAMBA_DIR=$BIN/servers/samba-outage SFS_SAMBA_ALSO_445=0 SFS_SAMBA_POSIX_LOCKING=yes
free_ports SFS_SAMBA_PORT || exit 1
export SFS_SAMBA_PORT
trap 'bash "$SERVERS/samba.sh" stop >/dev/null 2>&1' EXIT
mkdir -p "$BIN/servers"
bash "$SERVERS/samba.sh" start || { echo "smb_outage.sh: the private Samba did not start" \
  "(logs in $SFS_SAMBA_DIR/log)" >&2; exit 1; }
# shellcheck disable=SC1091
. "$SFS_SAMBA_DIR/env"
# The engine configuration riding for OUTAGE_MAX seconds (0: not riding) in FILE; the
# password goes into a file of mode 0600, never on a command line.
config() {
  (umask 077
   # two connections of two procs each; a file set small enough to build in seconds
   { echo backend=smb; echo workload=sfs2008-cifs; echo "outage_max=$1"; echo smb_conn_procs=2
     echo rate=100; echo fileset_scale=0.002; echo "root=outage$$"
     echo "username=$USER"; echo "password=$PASSWORD"; echo "domain=$DOMAIN"; echo procs=4
     for i in 0 1 2 3; do echo "target.$i=$TARGET"; done; } >"$2")
}
restart="bash '$SERVERS/samba.sh' stop && sleep 1 && bash '$SERVERS/samba.sh' start"
failed=0
for max in 30 0; do
  config "$max" "$BIN/servers/smb-outage-$max.cfg"
  echo "== smb_outage_test, outage_max=$max"
  timeout 300 "$BIN/smb_outage_test" "$BIN/servers/smb-outage-$max.cfg" "$restart" || failed=1
done

bash "$SERVERS/samba.sh" stop
export SFS_SAMBA_POSIX_LOCKING=no
bash "$SERVERS/samba.sh" start || exit 1
# the processes smbd forked for connections (its others have names of their own)
cat >"$BIN/servers/smb-drop.sh" <<'EOF'
parent=$(cat "$1")
for p in $(pgrep -P "$parent"); do
  [ "$(cat "/proc/$p/comm" 2>/dev/null)" = smbd ] && kill -TERM "$p"
done
exit 0
EOF
echo "== smb_outage_test, outage_max=30, connections dropped, durable handles"
timeout 300 "$BIN/smb_outage_test" "$BIN/servers/smb-outage-30.cfg" \
  "bash '$BIN/servers/smb-drop.sh' '$SFS_SAMBA_DIR/run/smbd.fg.pid'" durable || failed=1
exit "$failed"
