# Sourced by the server test scripts: free_ports NAME... sets each variable NAME to its own TCP
# port for a private loopback server. The ports lie below the kernel's ephemeral range, where no
# outgoing connection takes one as its local port, and no socket on any address uses them
# (a server binding :: fails on a port another program holds on any address).
free_ports() {
  local low given=" " name p
  low=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range)
  for name in "$@"; do
    for p in $(shuf -i 20000-$((low - 1)) -n 100) ""; do
      [ -n "$p" ] || { echo "free_ports: no free port for $name" >&2; return 1; }
      [[ $given == *" $p "* ]] && continue
      ss -Htan "sport = :$p" | grep -q . && continue
      given+="$p "
      printf -v "$name" %s "$p"
      break
    done
  done
}
