package org.sfsbench.manager;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * PRIME_MON_SCRIPT: started on the prime client for each RUN phase with PRIME_MON_ARGS and
 * stopped (with everything it started) when the phase ends. Its output goes to a file beside
 * the results.
 */
public final class PrimeMonitor {
    private final String script;
    private final String args;
    private final File output;
    private Process process;

    public PrimeMonitor(String script, String args, File output) {
        this.script = script;
        this.args = args == null ? "" : args;
        this.output = output;
    }

    public void start(int loadPoint) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(script);
        for (String a : args.trim().split("\\s+")) {
            if (!a.isEmpty()) {
                cmd.add(a);
            }
        }
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("SFS_LOAD_POINT", Integer.toString(loadPoint));
        pb.redirectErrorStream(true);
        pb.redirectOutput(ProcessBuilder.Redirect.appendTo(output));
        process = pb.start();
    }

    /**
     * SIGTERM to the script (so it can stop what it started and say so), then SIGTERM to whatever
     * it left running, and SIGKILL to anything still there 5 s later.
     */
    public void stop() {
        Process p = process;
        process = null;
        if (p == null) {
            return;
        }
        List<ProcessHandle> kids = p.descendants().toList();
        p.destroy();
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            kids.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroy);
            long until = System.currentTimeMillis() + 5000;
            while (kids.stream().anyMatch(ProcessHandle::isAlive) && System.currentTimeMillis() < until) {
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        kids.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
