package org.sfsbench.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** rc files and client-log figures of the top-speed end-to-end tests. */
final class TopSpeedRuns {
    private TopSpeedRuns() {
    }

    /** A LOAD=max rc file for one client with {@code procs} procs on {@code mnt}. */
    static Path rc(Path dir, String protocol, String mnt, int procs, String extra) throws IOException {
        StringBuilder mounts = new StringBuilder();
        for (int i = 0; i < procs; i++) {
            mounts.append(i == 0 ? "" : " ").append(mnt);
        }
        Path rc = dir.resolve("sfs_rc");
        Files.writeString(rc, String.join("\n",
                "# written by a top-speed end-to-end test",
                "FS_PROTOCOL=" + protocol,
                "CLIENTS=\"localhost\"",
                "MNT_POINTS=\"" + mounts + "\"",
                "LOAD=max",
                "SAMPLE_INTERVAL=1",
                "AGENT_PORT=" + (21000 + ThreadLocalRandom.current().nextInt(20000)),
                extra,
                ""), StandardCharsets.UTF_8);
        return rc;
    }

    /** One RESULT line of a step in a client log; afterEnd: of its ops, those completed after the step's end. */
    record StepResultLine(int step, long ops, long errors, long elapsedUs, long afterEnd) {
        /** The ops achieved within the step's window. */
        long inWindow() {
            return ops - afterEnd;
        }
    }

    /** The RESULT lines of the steps in a client log, in order. */
    static List<StepResultLine> steps(String clientLog) {
        Matcher m = Pattern.compile("RESULT point=1 step=(\\d+) worker=\\d+ procs=\\d+ ops=(\\d+) errors=(\\d+) "
                + "latency_sum_us=\\d+ elapsed_us=(\\d+) .* after_end=(\\d+)").matcher(clientLog);
        List<StepResultLine> out = new ArrayList<>();
        while (m.find()) {
            out.add(new StepResultLine(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)),
                    Long.parseLong(m.group(3)), Long.parseLong(m.group(4)), Long.parseLong(m.group(5))));
        }
        return out;
    }

    /** The step lines ("step N: active=P rate=R") the agent logged. */
    static List<String> stepChanges(String clientLog) {
        Matcher m = Pattern.compile("load point 1 step \\d+: active=\\d+ rate=[0-9.]+").matcher(clientLog);
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }
}
