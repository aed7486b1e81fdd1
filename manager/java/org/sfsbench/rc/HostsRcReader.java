package org.sfsbench.rc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import com.sun.security.auth.module.UnixSystem;

import org.sfsbench.engine.Backend;
import org.sfsbench.launch.SshLaunch;

/** The rc variables of the hosts: CLIENTS, the share credentials, IPv4/IPv6, how agents are reached. */
final class HostsRcReader {

    private HostsRcReader() {
    }

    /** Most CLIENTS entries one run takes (each is a session, a thread and a connection of the manager). */
    public static final int MAX_CLIENTS = 4096;

    static void readClients(RcReader r, RunConfig.Values v) throws RcException {
        List<String> clients = r.words("CLIENTS");
        if (clients.isEmpty()) {
            throw r.missing("CLIENTS", "host names or addresses of the load generators, e.g. CLIENTS=\"localhost\"");
        }
        if (clients.size() > MAX_CLIENTS) {
            throw r.error("CLIENTS", clients.size() + " entries", "at most " + MAX_CLIENTS + " load generators");
        }
        Set<String> seen = new HashSet<>();
        boolean repeated = false;
        for (String c : clients) {
            if (!c.matches("(" + HOST + ")(:[0-9]{1,5})?")) {
                throw r.error("CLIENTS", "'" + c + "' is not a host name or address",
                        "host names (letters, digits, . - _), IPv4 or IPv6 addresses, each optionally :port of an"
                                + " agent that runs there already, separated by spaces");
            }
            ClientAddress a = ClientAddress.of(c);
            if (a.hasPort() && (a.port() < 1 || a.port() > 65535)) {
                throw r.error("CLIENTS", "'" + c + "': port " + a.port() + " out of range", "ports 1..65535");
            }
            if (!seen.add(c)) {
                // the manager starts one agent per entry only on this machine; elsewhere a second
                // login to the same agent would end the first one's session
                if (a.hasPort() || !LocalFolders.isThisMachine(c)) {
                    throw r.error("CLIENTS", "'" + c + "' is listed twice; both entries would be the same agent",
                            "each other host (or host:port) once; more procs per client with PROCS");
                }
                repeated = true;
            }
        }
        v.clients = clients;
        if (repeated) {
            v.warnings.add("CLIENTS lists this machine more than once; each entry gets its own agent and " + v.procs
                    + " procs.");
        }
    }

    /**
     * A host name (letters, digits, . - _; not beginning with '-' or '.', which ssh would read as
     * an option or a relative name) or an IPv4 or IPv6 address: the rule of CLIENTS and of every
     * other host the run reaches.
     */
    static boolean isHost(String h) {
        return h.matches(HOST);
    }

    /** A host name that cannot be read as an option (no leading '-'), or an IPv4 or IPv6 address. */
    private static final String HOST = "[A-Za-z0-9_][A-Za-z0-9._-]*|\\[?[0-9A-Fa-f:.]+\\]?";

    static void readCredentials(RcReader r, RunConfig.Values v) throws RcException {
        v.username = r.string("USERNAME", "");
        v.password = r.string("PASSWORD", "");
        v.domain = r.string("DOMAIN", "");
        v.smbClient = r.string("SMB_CLIENT", "");
        List<String> clients = RcParser.smbClients();
        if (!v.smbClient.isEmpty() && !clients.contains(v.smbClient)) {
            throw r.error("SMB_CLIENT", "unknown SMB client library" + EditDistance.didYouMean(v.smbClient,
                    clients), String.join(", ", clients) + " (unset: libsmb2 where it is installed)");
        }
        String p = v.fsProtocol.rcName();
        if (v.fsProtocol.needsCredentials()) {
            if (v.username.isEmpty()) {
                throw r.missing("USERNAME", "the user account for the " + v.fsProtocol.sfssumName() + " shares (FS_PROTOCOL=" + p + ")");
            }
            if (v.password.isEmpty()) {
                throw r.missing("PASSWORD", "the user's password for the " + v.fsProtocol.sfssumName() + " shares (FS_PROTOCOL=" + p + ")");
            }
        } else {
            String users = String.join(" or ", java.util.Arrays.stream(Backend.values())
                    .filter(Backend::needsCredentials).map(Backend::rcName).toList());
            for (String name : List.of("USERNAME", "PASSWORD", "DOMAIN", "SMB_CLIENT")) {
                if (r.isSet(name)) {
                    v.warnings.add(name + " is used only with FS_PROTOCOL=" + users + "; ignored for " + p + ".");
                }
            }
        }
        UnixSystem self = new UnixSystem();
        v.nfsUserId = RcParser.engineInteger(r, "SFS_NFS_USER_ID", (int) self.getUid());
        v.nfsGroupId = RcParser.engineInteger(r, "SFS_NFS_GROUP_ID", (int) self.getGid());
    }

    /** IPv6 addresses (in CLIENTS or as servers) need IPV6_ENABLE, as in SPECsfs2008. */
    static void checkIpVersion(RcReader r, RunConfig.Values v) throws RcException {
        if (v.ipv6Enable) {
            return;
        }
        for (String c : v.clients) {
            if (isIpv6(c)) {
                throw r.error("CLIENTS", "'" + c + "' is an IPv6 address but IPV6_ENABLE is off",
                        "IPv4 addresses and host names, or set IPV6_ENABLE=1");
            }
        }
        for (MountPoint mp : v.mountPoints) {
            if (isIpv6(mp.server())) {
                throw r.error("MNT_POINTS", "server '" + mp.server() + "' of " + mp.text()
                        + " is an IPv6 address but IPV6_ENABLE is off", "IPv4 addresses and host names, or set IPV6_ENABLE=1");
            }
        }
    }

    private static boolean isIpv6(String host) {
        return host.startsWith("[") || host.chars().filter(ch -> ch == ':').count() > 1;
    }

    static void readAgentAccess(RcReader r, RunConfig.Values v) throws RcException {
        AgentAccess.Start start = null;
        String s = r.value("AGENT_START");
        if (s != null) {
            start = switch (s.toLowerCase(Locale.ROOT)) {
                case "ssh" -> AgentAccess.Start.SSH;
                case "manual" -> AgentAccess.Start.MANUAL;
                default -> throw r.error("AGENT_START", "unknown way to start agents", "ssh, manual");
            };
        }
        AgentAccess.Tls tls = null;
        String t = r.value("AGENT_TLS");
        if (t != null) {
            tls = switch (t.toLowerCase(Locale.ROOT)) {
                case "on" -> AgentAccess.Tls.ON;
                case "off" -> AgentAccess.Tls.OFF;
                default -> throw r.error("AGENT_TLS", "neither on nor off", "on, off");
            };
        }
        Integer port = r.isSet("SSH_PORT") ? r.integer("SSH_PORT", 22, 1, 65535) : null;
        String user = r.value("SSH_USER");
        if (user != null && !user.matches("[A-Za-z0-9._][A-Za-z0-9._-]{0,31}")) {
            throw r.error("SSH_USER", "not a user name", "letters, digits, '.', '_', '-'");
        }
        Path identity = sshFile(r, "SSH_IDENTITY");
        Path config = sshFile(r, "SSH_CONFIG");
        String sfsDir = r.value("SFS_DIR");
        List<String> windows = r.words("WINDOWS_CLIENTS");
        for (String w : windows) {
            if (!v.clients.contains(w)) {
                throw r.error("WINDOWS_CLIENTS", "'" + w + "' is not an entry of CLIENTS", "entries of CLIENTS that are Windows hosts");
            }
            if (w.equals("localhost") || w.startsWith("127.") || w.equals("::1")) {
                throw r.error("WINDOWS_CLIENTS", "'" + w + "' is this machine, whose agents the manager starts itself",
                        "entries of CLIENTS naming other hosts that run Windows");
            }
        }
        String windowsDir = r.value("WINDOWS_SFS_DIR");
        if (windowsDir != null && !SshLaunch.isWindowsAbsolute(windowsDir)) {
            throw r.error("WINDOWS_SFS_DIR", "not an absolute Windows path", "e.g. C:\\sfsbench");
        }
        if (windowsDir != null && (windowsDir.contains("%") || windowsDir.contains("\""))) {
            throw r.error("WINDOWS_SFS_DIR", "has % or a quote, which cmd.exe cannot be given", "a folder without % and quotes");
        }
        AgentAccess access = new AgentAccess(start, user, port, identity, config, tls, sfsDir, windows, windowsDir);
        if (access.sshLaunch()) {
            boolean posixHost = v.clients.stream().anyMatch(c -> !windows.contains(c) && !c.equals("localhost")
                    && !c.startsWith("127.") && !c.equals("::1"));
            if (sfsDir == null && (posixHost || windows.isEmpty())) {
                throw r.error("AGENT_START", "ssh launch needs SFS_DIR, the sfsbench tree on the clients",
                        "SFS_DIR=/absolute/path with AGENT_START=ssh");
            }
            if (windowsDir == null && !windows.isEmpty()) {
                throw r.error("WINDOWS_CLIENTS", "ssh launch on Windows hosts needs WINDOWS_SFS_DIR, the sfsbench tree there",
                        "WINDOWS_SFS_DIR=C:\\sfsbench (or AGENT_START=manual for agents run as a service)");
            }
        }
        v.agentAccess = access;
    }

    private static Path sshFile(RcReader r, String name) throws RcException {
        String f = r.value(name);
        if (f == null) {
            return null;
        }
        Path p = r.resolve(f, List.of(r.rcDir()));
        if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
            throw r.error(name, "no such readable file " + p, "a file for ssh, absolute or relative to the rc file");
        }
        return p;
    }
}
