package org.sfsbench.results;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RcVariable;
import org.sfsbench.results.model.RunResult;

/**
 * sfslog.&lt;suffix&gt;: the timestamped log of a run. Every line is
 * {@code yyyy-MM-ddTHH:mm:ssZ LEVEL message} (UTC, {@link Timestamps}) and is flushed at once, so the file follows the
 * run live ({@code tail -f}) and survives a crash. Registered secrets (the CIFS password) are
 * replaced by ******** in every message. Thread-safe: interval lines come from RMI callbacks.
 */
public final class SfsLog implements Closeable {
    private final Writer out;
    private final Clock clock;
    private final List<String> secrets = new ArrayList<>();

    public SfsLog(Path file, Clock clock) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        this.clock = clock;
    }

    public SfsLog(Path file) throws IOException {
        this(file, Clock.systemUTC());
    }

    /** Never print {@code secret} (ignored when empty). */
    public synchronized void redact(String secret) {
        if (secret != null && !secret.isEmpty()) {
            secrets.add(secret);
        }
    }

    public void info(String message) {
        line("INFO ", message);
    }

    public void warn(String message) {
        line("WARN ", message);
    }

    public void error(String message) {
        line("ERROR", message);
    }

    /** The run's header: tool, rc file and its variables (PASSWORD masked), clients, plan. */
    public void runStart(RunResult run, List<Long> requestedLoads) {
        info("sfsbench " + run.toolVersion() + " run " + run.suffix() + " started, rc file " + run.rcFile());
        for (RcVariable v : run.rcVariables()) {
            info("rc " + v.name() + "=" + (RcVariable.isSecret(v.name()) ? RcVariable.MASK : v.value()));
        }
        info("protocol " + (run.protocol() == null ? null : run.protocol().sfssumName()) + ", workload " + run.workload());
        for (ClientInfo c : run.clients()) {
            info("client " + c.number() + " " + c.name() + ": " + c.procs() + " procs");
        }
        StringBuilder plan = new StringBuilder("plan: " + requestedLoads.size() + " load points, requested ops/s");
        for (long l : requestedLoads) {
            plan.append(' ').append(l);
        }
        info(plan.toString());
    }

    /** Start or end of a phase (INIT, WARMUP, RUN) of load point {@code point}. */
    public void phase(int point, String phase, boolean start) {
        info("load point " + point + ": " + phase + (start ? " started" : " ended"));
    }

    /** One sampling interval of RUN. */
    public void interval(int point, IntervalPoint p) {
        info(String.format(Locale.ROOT, "load point %d: t=%.0fs %.1f ops/s %.2f msec/op errors %d behind %d",
                point, p.timeSeconds(), p.opsPerSec(), p.meanMs(), p.errors(), p.behindProcs()));
    }

    /** A finished load point: its sfssum figures. */
    public void loadPointDone(LoadPointResult p) {
        info(String.format(Locale.ROOT,
                "load point %d done: requested %d ops/s, achieved %.1f ops/s, %.1f msec/op, %d ops (%d failed)"
                        + " in %.1f s", p.index(), p.requestedOpsPerSec(), p.achievedOpsPerSec(),
                p.msecPerOp(), p.totalOps(), p.failedOps(), p.seconds()));
        for (String l : ClockText.lines(p)) {
            info("load point " + p.index() + ": " + l);
        }
    }

    /** End of the run: metric and verdict. */
    public void runEnd(RunResult run) {
        if (!run.complete()) {
            error("run ended early: " + run.failure());
        }
        if (run.headline() != null && !run.headline().sfs2008()) {
            VerdictText.lines(run).forEach(this::info);
            return;
        }
        if (Metrics.compute(run.loadPoints()).peakIndex() < 0) {
            info(SfsresWriter.noMetric(run));
        } else {
            info(String.format(Locale.ROOT, "peak %.0f ops/s, overall response time %.2f msec/op",
                    run.peakThroughput(), run.overallResponseTimeMs()));
        }
        info(run.disclosable() ? "result is disclosable" : "result is NOT disclosable");
        for (String r : run.nonDisclosableReasons()) {
            warn("not disclosable: " + r);
        }
    }

    private synchronized void line(String level, String message) {
        String m = message;
        for (String s : secrets) {
            m = m.replace(s, RcVariable.MASK);
        }
        try {
            out.write(Timestamps.of(clock.instant()) + " " + level + " " + m + "\n");
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write sfslog: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
