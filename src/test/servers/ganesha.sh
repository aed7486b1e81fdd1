#!/usr/bin/env bash
# Private NFS-Ganesha (NFSv3 over TCP, VFS FSAL) on loopback for tests and benchmarks.
#
#   ganesha.sh start|stop|status|restart
#
# Everything lives under $SFS_GANESHA_DIR (default /tmp/sfs-ganesha): config, pid file,
# log, recovery state and the exported folder (export/). The system config in
# /etc/ganesha is never read. "start" is idempotent (a healthy server is reused) and
# writes $SFS_GANESHA_DIR/env, a shell file with:
#   SFS_NFS_HOST, SFS_NFS_PORT, SFS_NFS_MNT_PORT, SFS_NFS_EXPORT (path the client mounts),
#   SFS_NFS_EXPORT_DIR (local folder behind it), SFS_NFS_TARGET (host:/export),
#   SFS_NFS_URL (nfs://host/export?nfsport=..&mountport=.., no portmapper needed),
#   SFS_GANESHA_PID, SFS_GANESHA_LOG.
# Settings (environment): SFS_GANESHA_DIR, SFS_GANESHA_PORT (NFS, default 2049),
# SFS_GANESHA_MNT_PORT (MOUNT, default 20048), SFS_GANESHA_EXPORT (default /sfs),
# SFS_GANESHA_HOST (the address it listens on, default 127.0.0.1; a test's network-namespace
# hosts reach a private instance on an address of this host's side of their links).
# Several instances may run (own folder and ports each); the portmapper always maps NFS and
# MOUNT to the default instance (/tmp/sfs-ganesha) while it runs: reach the others with
# SFS_NFS_URL (nfs://...?nfsport=&mountport=).
# Needs root (Ganesha's VFS FSAL uses open_by_handle_at). rpcbind is started if it
# is not running, because libnfs finds MOUNT/NFS through the portmapper by default.
set -euo pipefail

DEFAULT_DIR=/tmp/sfs-ganesha
DIR=${SFS_GANESHA_DIR:-$DEFAULT_DIR}
PORT=${SFS_GANESHA_PORT:-2049}
MNT_PORT=${SFS_GANESHA_MNT_PORT:-20048}
PSEUDO=${SFS_GANESHA_EXPORT:-/sfs}
HOST=${SFS_GANESHA_HOST:-127.0.0.1}
CONF=$DIR/ganesha.conf
PIDFILE=$DIR/ganesha.pid
LOG=$DIR/ganesha.log
ENVFILE=$DIR/env
EXPORT_DIR=$DIR/export
START_TIMEOUT=${SFS_GANESHA_START_TIMEOUT:-30}

die() { echo "ganesha.sh: $*" >&2; exit 1; }

running_pid() {
  [ -s "$PIDFILE" ] || return 1
  local pid; pid=$(cat "$PIDFILE")
  # a killed server may stay a zombie when nothing reaps orphans (containers): not running
  [ -n "$pid" ] && [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "ganesha.nfsd" ] &&
    [ "$(awk '{print $3}' /proc/"$pid"/stat 2>/dev/null)" != "Z" ] && { echo "$pid"; return 0; }
  return 1
}

# MOUNT answers on our port and the export can be listed over NFS there (nfs-ls, libnfs-utils,
# ports given: no portmapper involved; rpcinfo -n would fall back to the portmapper's mapping,
# which may name another instance).
answers() {
  timeout 10 nfs-ls "nfs://$HOST$EXPORT_DIR?nfsport=$PORT&mountport=$MNT_PORT" >/dev/null 2>&1
}

# rpcbind maps NFS/MOUNT to our ports (another instance may have re-registered them).
registered() {
  local map; map=$(rpcinfo -p 127.0.0.1 2>/dev/null) || return 1
  echo "$map" | awk -v p="$PORT" '$1==100003 && $2==3 && $3=="tcp" && $4==p {f=1} END {exit !f}' &&
    echo "$map" | awk -v p="$MNT_PORT" '$1==100005 && $2==3 && $3=="tcp" && $4==p {f=1} END {exit !f}'
}

# rpcbind keeps one mapping per program: every Ganesha registers itself when it starts and
# unregisters NFS and MOUNT when it stops. The mapping belongs to the default instance
# ($DEFAULT_DIR): after another instance started or stopped, point it back there (other
# instances are reached with the nfs:// form, which needs no portmapper).
rpcb_helper() {
  local src; src="$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/rpcb-set.c"
  local bin=/tmp/sfs-rpcb-set
  if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
    gcc -O -I/usr/include/tirpc "$src" -ltirpc -o "$bin.$$" 2>/dev/null && mv "$bin.$$" "$bin" || return 1
  fi
  echo "$bin"
}

map_default() {
  local envf=$DEFAULT_DIR/env pidf=$DEFAULT_DIR/ganesha.pid helper port mport
  [ -s "$pidf" ] && [ -s "$envf" ] && kill -0 "$(cat "$pidf")" 2>/dev/null || return 0
  port=$(sed -n 's/^SFS_NFS_PORT=//p' "$envf"); mport=$(sed -n 's/^SFS_NFS_MNT_PORT=//p' "$envf")
  helper=$(rpcb_helper) || { echo "ganesha.sh: cannot build rpcb-set (gcc, libtirpc-dev): portmapper left as is" >&2; return 1; }
  "$helper" 100003 3 "$port" && "$helper" 100005 3 "$mport" && "$helper" 100005 1 "$mport"
}

# Becomes a daemon without the descriptors this script inherited beyond 0-2 (call it in a
# subshell or with &): a caller's lock (flock /tmp/sfs-heavy.lock ...) must not live on
# in a server that outlives it.
daemon() {
  local fd
  for fd in /proc/$BASHPID/fd/*; do
    fd=${fd##*/}
    [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null
  done
  exec "$@"
}

ensure_rpcbind() {
  rpcinfo -p 127.0.0.1 >/dev/null 2>&1 && return 0
  command -v rpcbind >/dev/null || die "rpcbind is not installed (run bin/install-deps)"
  mkdir -p /run/rpcbind
  (daemon rpcbind -w) 2>/dev/null || (daemon rpcbind) || die "could not start rpcbind"
  for _ in $(seq 50); do rpcinfo -p 127.0.0.1 >/dev/null 2>&1 && return 0; sleep 0.1; done
  die "rpcbind started but does not answer on 127.0.0.1:111"
}

write_config() {
  mkdir -p "$DIR/recovery" "$EXPORT_DIR"
  chmod 0777 "$EXPORT_DIR"
  cat >"$CONF" <<CONF
# generated by src/test/servers/ganesha.sh -- private test server on $HOST only
NFS_CORE_PARAM {
    Bind_Addr = $HOST;
    NFS_Port = $PORT;
    MNT_Port = $MNT_PORT;
    Protocols = 3;
    Enable_NLM = false;
    Enable_RQUOTA = false;
    Enable_UDP = false;
    Plugins_Dir = /usr/lib/x86_64-linux-gnu/ganesha;
}
NFSV4 {
    RecoveryRoot = $DIR/recovery;
    Graceless = true;
}
MDCACHE {
    Entries_HWMark = 200000;
}
EXPORT {
    Export_Id = 77;
    Path = $EXPORT_DIR;
    Pseudo = $PSEUDO;
    Access_Type = RW;
    Squash = No_Root_Squash;
    Protocols = 3;
    Transports = TCP;
    SecType = sys;
    FSAL { Name = VFS; }
}
LOG {
    Default_Log_Level = WARN;
}
CONF
}

write_env() {
  local pid=$1
  cat >"$ENVFILE.tmp" <<ENV
SFS_NFS_HOST=$HOST
SFS_NFS_PORT=$PORT
SFS_NFS_MNT_PORT=$MNT_PORT
SFS_NFS_EXPORT=$EXPORT_DIR
SFS_NFS_EXPORT_DIR=$EXPORT_DIR
SFS_NFS_TARGET=$HOST:$EXPORT_DIR
SFS_NFS_URL='nfs://$HOST$EXPORT_DIR?nfsport=$PORT&mountport=$MNT_PORT'
SFS_GANESHA_PID=$pid
SFS_GANESHA_LOG=$LOG
ENV
  mv "$ENVFILE.tmp" "$ENVFILE"
}

start() {
  [ "$(id -u)" -eq 0 ] || die "must run as root (Ganesha's VFS FSAL needs CAP_DAC_READ_SEARCH)"
  command -v ganesha.nfsd >/dev/null || die "ganesha.nfsd not installed (run bin/install-deps)"
  local pid
  if pid=$(running_pid) && answers; then
    if [ "$DIR" = "$DEFAULT_DIR" ] && ! registered; then map_default || true; fi
    if [ "$DIR" != "$DEFAULT_DIR" ] || registered; then
      write_env "$pid"; echo "ganesha.sh: already running (pid $pid) on $HOST:$PORT"; return 0
    fi
  fi
  [ -n "${pid:-}" ] && stop
  ensure_rpcbind
  mkdir -p "$DIR" /var/run/ganesha
  write_config
  : >"$LOG"
  # every file the clients write holds an fd in Ganesha's cache until it is reaped; near
  # its fd limit it answers NFS3ERR_JUKEBOX (10,000 procs writing at once): the hard limit
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  # -F: stay in the foreground (we own the process); no D-Bus on test machines:
  # Ganesha logs that it cannot connect and carries on.
  daemon setsid ganesha.nfsd -F -f "$CONF" -p "$PIDFILE" -L "$LOG" -N NIV_WARN \
    </dev/null >>"$LOG" 2>&1 &
  pid=$!
  echo "$pid" >"$PIDFILE"
  local deadline=$((SECONDS + START_TIMEOUT))
  while ((SECONDS < deadline)); do
    kill -0 "$pid" 2>/dev/null || { tail -n 20 "$LOG" >&2; die "ganesha.nfsd exited during start (log $LOG)"; }
    if answers; then
      write_env "$pid"
      [ "$DIR" != "$DEFAULT_DIR" ] && { map_default || true; }
      echo "ganesha.sh: started pid $pid, nfs $HOST:$PORT mount $MNT_PORT export $EXPORT_DIR"
      return 0
    fi
    sleep 0.2
  done
  tail -n 20 "$LOG" >&2
  kill "$pid" 2>/dev/null || true
  die "ganesha.nfsd did not answer NFSv3 on $HOST:$PORT within ${START_TIMEOUT}s (log $LOG)"
}

stop() {
  local pid
  if pid=$(running_pid); then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 100); do running_pid >/dev/null || break; sleep 0.1; done
    if running_pid >/dev/null; then kill -KILL "$pid" 2>/dev/null || true; sleep 0.2; fi
    echo "ganesha.sh: stopped pid $pid"
  else
    echo "ganesha.sh: not running"
  fi
  rm -f "$PIDFILE" "$ENVFILE"
  [ "$DIR" != "$DEFAULT_DIR" ] && { map_default || true; }
  return 0
}

status() {
  local pid
  if pid=$(running_pid) && answers; then
    echo "ganesha.sh: running pid $pid, nfs $HOST:$PORT mount $MNT_PORT export $EXPORT_DIR"; return 0
  fi
  echo "ganesha.sh: not running"; return 3
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  restart) stop; start ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status|restart" >&2; exit 2 ;;
esac
