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

    /** SIGTERM to the script and its children, SIGKILL after 5 s. */
    public void stop() {
        Process p = process;
        process = null;
        if (p == null) {
            return;
        }
        List<ProcessHandle> kids = p.descendants().toList();
        kids.forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                kids.forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }
}
