package org.sfsbench.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.sfsbench.windows.WindowsCommandLine;

/**
 * The ssh command that starts an agent on another host from its installed tree: the system's
 * OpenSSH client, key-based only (BatchMode), host keys checked, keepalives so that a dead
 * manager or network ends the session, and the agent reading this run's secret on stdin.
 */
public final class SshLaunch {
    private SshLaunch() {
    }

    /**
     * {@code ssh ... host 'exec SFS_DIR/bin/sfs agent --launched --bind host --port port --work-dir
     * $TMPDIR/sfsbench-agent-host-port'}; null
     * user, port, identity or config leave them to ~/.ssh/config.
     */
    public static List<String> command(String host, String user, Integer sshPort, Path identity, Path config,
            String sfsDir, int agentPort) {
        List<String> c = ssh(host, user, sshPort, identity, config);
        // one work folder per bind address: clients that share a file system keep separate logs
        c.add("exec " + quote(sfsDir + "/bin/sfs") + " agent --launched --bind " + quote(host) + " --port " + agentPort
                + " --work-dir \"${TMPDIR:-/tmp}\"/" + quote("sfsbench-agent-" + host + "-" + agentPort));
        return c;
    }

    /**
     * The same for a Windows host running Microsoft's OpenSSH server, whose default shell runs
     * the command as {@code cmd.exe /c COMMAND}: {@code "SFS_DIR\java\bin\java.exe"
     * -Dsfs.home=SFS_DIR -cp "SFS_DIR\manager\lib\*" org.sfsbench.cli.Main agent --launched
     * --bind host --port port --work-dir "%TEMP%\sfsbench-agent-host-port"}, in one more pair of
     * quotes, which cmd takes off (it removes the first and the last quote of a command with
     * more than two). {@code sfsDir} is a Windows path (C:\sfsbench, \\server\share\sfsbench).
     */
    public static List<String> windowsCommand(String host, String user, Integer sshPort, Path identity, Path config,
            String sfsDir, int agentPort) {
        if (!isWindowsAbsolute(sfsDir)) {
            throw new IllegalArgumentException("not an absolute Windows path: " + sfsDir);
        }
        if (!host.matches("[A-Za-z0-9._:\\[\\]-]+")) {
            throw new IllegalArgumentException("not a host name or address: " + host);
        }
        String dir = sfsDir.replaceAll("[\\\\/]+$", "");
        List<String> words = List.of(dir + "\\java\\bin\\java.exe", "-Dsfs.home=" + dir, "-cp",
                dir + "\\manager\\lib\\*", "org.sfsbench.cli.Main", "agent", "--launched", "--bind", host, "--port",
                Integer.toString(agentPort), "--work-dir");
        StringBuilder cmd = new StringBuilder();
        for (String w : words) {
            cmd.append(WindowsCommandLine.cmdQuote(w)).append(' ');
        }
        // %TEMP% is left for cmd to expand; a file name cannot hold ':' (IPv6) or brackets
        cmd.append("\"%TEMP%\\sfsbench-agent-").append(host.replaceAll("[:\\[\\]]", "_")).append('-')
                .append(agentPort).append('"');
        List<String> c = ssh(host, user, sshPort, identity, config);
        c.add("\"" + cmd + "\"");
        return c;
    }

    /** {@code C:\...} or {@code \\server\share...}. */
    public static boolean isWindowsAbsolute(String path) {
        return path.matches("[A-Za-z]:[\\\\/].*") || path.matches("\\\\\\\\[^\\\\/]+[\\\\/][^\\\\/]+.*");
    }

    /** The server monitor's collector on {@code host}: {@code ssh ... host 'exec SFS_DIR/bin/sfs server-mon'}. */
    public static List<String> monitorCommand(String host, String user, Integer sshPort, Path identity, Path config,
            String sfsDir) {
        List<String> c = ssh(host, user, sshPort, identity, config);
        c.add("exec " + quote(sfsDir + "/bin/sfs") + " server-mon");
        return c;
    }

    private static List<String> ssh(String host, String user, Integer sshPort, Path identity, Path config) {
        List<String> c = new ArrayList<>(List.of("ssh", "-T", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes",
                "-o", "ConnectTimeout=10", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3"));
        if (config != null) {
            c.addAll(List.of("-F", config.toString()));
        }
        if (identity != null) {
            c.addAll(List.of("-i", identity.toString(), "-o", "IdentitiesOnly=yes"));
        }
        if (sshPort != null) {
            c.addAll(List.of("-p", Integer.toString(sshPort)));
        }
        if (user != null) {
            c.addAll(List.of("-l", user));
        }
        c.add("--");
        c.add(host);
        return c;
    }

    /** A word for the remote POSIX shell. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
