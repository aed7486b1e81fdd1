package org.sfsbench.manager;

import java.io.IOException;
import java.util.List;

import org.sfsbench.launch.JavaProcess;
import org.sfsbench.launch.SshLaunch;
import org.sfsbench.live.LiveListener;
import org.sfsbench.rc.AgentAccess;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.servermon.ServerMonitor;
import org.sfsbench.servermon.ServerSample;

/**
 * Starts SERVER_MON's collector for a run: {@code local} runs {@code sfs server-mon} here,
 * {@code ssh:[USER@]HOST} runs it on HOST through the agents' ssh launch (SSH_* and SFS_DIR),
 * anything else is a command of the user's, run by {@code sh -c}, that prints the same lines.
 */
final class ServerMon {
    /** How long a run waits for the collector's first sample before it starts. */
    private static final long FIRST_SAMPLE_WAIT_MS = 20_000;
    private ServerMon() {
    }

    static ServerMonitor start(RunConfig rc, RunOutputs out, LiveListener live, Progress progress)
            throws IOException {
        String spec = rc.serverMon();
        List<String> cmd;
        String what;
        if (spec.equals("local")) {
            cmd = JavaProcess.command(List.of("-Xmx64m", "-XX:+UseSerialGC"), List.of("server-mon"));
            what = "local";
        } else if (spec.startsWith("ssh:")) {
            String target = spec.substring(4).strip();
            AgentAccess a = rc.agentAccess();
            int at = target.indexOf('@');
            String user = at > 0 ? target.substring(0, at) : a.sshUser();
            String host = target.substring(at + 1);
            String sfsDir = a.sfsDir() != null ? a.sfsDir() : rc.sfsDir().toString();
            cmd = SshLaunch.monitorCommand(host, user, a.sshPort(), a.sshIdentity(), a.sshConfig(), sfsDir);
            what = "ssh:" + host;
        } else {
            cmd = List.of("sh", "-c", spec);
            what = "\"" + spec + "\"";
        }
        long[] previous = new long[2];
        ServerMonitor m = new ServerMonitor(what, cmd, out.file("servermon"),
                out.file("servermon-errors"), s -> live.server(second(s, previous)),
                cause -> {
                    out.log("SERVER_MON: " + cause + "; the run goes on, the server's figures are marked missing");
                    progress.println("warning: " + cause + "; the run goes on, the server's figures are marked missing");
                    live.server(new LiveListener.ServerSecond(System.currentTimeMillis(), Double.NaN, 0, 0, 0, 0, 0, 0,
                            cause));
                });
        out.log("SERVER_MON: collector " + what + " started (pid " + m.pid() + ")");
        // the first point's RUN needs a sample before it: a collector over ssh takes a moment to start
        try {
            if (!m.awaitFirstSample(FIRST_SAMPLE_WAIT_MS) && m.ended() == null) {
                progress.println("warning: no sample from the server monitor " + what + " within "
                        + FIRST_SAMPLE_WAIT_MS / 1000 + " s; the run starts anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return m;
    }

    /** A live second: CPU busy since the previous sample ({@code previous} holds its busy and total ticks). */
    private static LiveListener.ServerSecond second(ServerSample s, long[] previous) {
        long busy = s.cpuBusy();
        long total = s.cpuTotal();
        double pct = previous[1] > 0 && total > previous[1] ? 100.0 * (busy - previous[0]) / (total - previous[1])
                : Double.NaN;
        previous[0] = busy;
        previous[1] = total;
        return new LiveListener.ServerSecond(System.currentTimeMillis(), pct, s.netBytes(0), s.netBytes(1),
                s.disk(1), s.disk(3), s.disk(0), s.disk(2), null);
    }
}
