package org.sfsbench.manager;

import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.sfsbench.report.text.Reflow;

/**
 * The live progress of a run. Modes: {@code terminal} rewrites one line in place (cut to the
 * terminal's width, never wrapped); {@code plain} prints a line every {@code interval} seconds
 * (logs, pipes); {@code json} prints one JSON object per line, each a whole valid document, for
 * programs; {@code auto} is terminal on a console and plain otherwise (or when CI is set).
 * Lines that stay (phase ends, results) are printed in every mode.
 */
public final class Progress {
    /** How progress is shown. */
    public enum Mode { AUTO, TERMINAL, PLAIN, JSON }

    /**
     * One live status: NaN for figures not known yet. {@code clockSeconds} is the time into the
     * point (or step) since its WARMUP began, so it counts up across WARMUP and RUN, and
     * {@code clockLength} their planned length together (INIT: the time into INIT, no length).
     */
    public record Status(int point, int points, String phase, double phaseSecondsLeft, double clockSeconds,
            double clockLength, double achieved, double requested, double meanMs, long failedOps, long behindProcs,
            String extra) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final PrintStream out;
    private final Mode mode;
    private final int intervalSeconds;
    private final int width;
    private long lastPlainMs;
    private int lastLength;
    private RunEta eta;

    /** @param mode TERMINAL, PLAIN or JSON (AUTO is resolved by {@link #forConsole}) */
    public Progress(PrintStream out, Mode mode, int intervalSeconds, int width) {
        this.out = out;
        this.mode = mode;
        this.intervalSeconds = intervalSeconds;
        this.width = width;
    }

    public Progress(PrintStream out, boolean terminal, int intervalSeconds) {
        this(out, terminal ? Mode.TERMINAL : Mode.PLAIN, intervalSeconds, 80);
    }

    public static Progress forConsole() {
        return forConsole(Mode.AUTO, 10, 80);
    }

    /** @param width the terminal's width in columns (the live line is cut to it, messages broken) */
    public static Progress forConsole(Mode mode, int intervalSeconds, int width) {
        Mode m = mode;
        if (m == Mode.AUTO) {
            m = System.console() != null && System.getenv("CI") == null ? Mode.TERMINAL : Mode.PLAIN;
        }
        return new Progress(System.out, m, intervalSeconds, Math.max(40, width));
    }

    /** Gives the live line the whole run's share done and time left. */
    public synchronized void eta(RunEta runEta) {
        this.eta = runEta;
    }

    public synchronized RunEta eta() {
        return eta;
    }

    /** The live line of a status: ETA first, then the point, failures and late procs when non-zero. */
    public String line(Status s, long nowMs) {
        StringBuilder sb = new StringBuilder();
        RunEta e = eta();
        if (e != null) {
            sb.append(e.text(nowMs)).append(' ');
        }
        // a LOAD=max run has steps, decided as results come in: no count of them is known
        sb.append(s.points() > 0 ? String.format(Locale.ROOT, "point %d/%d", s.point(), s.points())
                : "step " + s.point());
        if (Double.isNaN(s.clockLength())) {
            // INIT has no known length: its clock is the time into it
            sb.append(' ').append(s.phase()).append(' ').append(duration(s.clockSeconds()));
        } else {
            // the point's clock (warm-up and RUN together), then what is left of the phase itself
            sb.append(' ').append(duration(s.clockSeconds())).append('/').append(duration(s.clockLength()));
            sb.append(' ').append(s.phase());
            if (!Double.isNaN(s.phaseSecondsLeft())) {
                sb.append(' ').append(duration(s.phaseSecondsLeft())).append(" left");
            }
        }
        if (!Double.isNaN(s.achieved())) {
            // unpaced steps request no rate
            sb.append(s.requested() > 0 ? String.format(Locale.ROOT, " %.1f/%d ops/s", s.achieved(),
                    Math.round(s.requested())) : String.format(Locale.ROOT, " %.1f ops/s", s.achieved()));
        }
        if (!Double.isNaN(s.meanMs())) {
            sb.append(String.format(Locale.ROOT, " %.2f ms", s.meanMs()));
        }
        if (s.failedOps() > 0) {
            sb.append(" FAILED ").append(s.failedOps());
        }
        if (s.behindProcs() > 0) {
            sb.append(" late ").append(s.behindProcs());
        }
        if (s.extra() != null && !s.extra().isEmpty()) {
            sb.append(' ').append(s.extra());
        }
        return sb.toString();
    }

    /** The JSON line of a status: one whole object. */
    public String json(Status s, long nowMs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", Instant.ofEpochMilli(nowMs).truncatedTo(ChronoUnit.SECONDS).toString());
        m.put("event", "status");
        if (s.points() > 0) {
            m.put("point", s.point());
            m.put("points", s.points());
        } else {
            m.put("step", s.point());
        }
        m.put("phase", s.phase());
        putNumber(m, "phaseSecondsLeft", s.phaseSecondsLeft());
        putNumber(m, "pointSeconds", s.clockSeconds());
        putNumber(m, "achievedOpsPerSec", s.achieved());
        if (s.requested() > 0) {
            m.put("requestedOpsPerSec", Math.round(s.requested()));
        }
        putNumber(m, "meanMsPerOp", s.meanMs());
        m.put("failedOps", s.failedOps());
        m.put("lateProcs", s.behindProcs());
        RunEta e = eta();
        if (e != null && !Double.isNaN(e.secondsLeft(nowMs))) {
            m.put("runSecondsLeft", Math.round(e.secondsLeft(nowMs)));
        }
        if (s.extra() != null && !s.extra().isEmpty()) {
            m.put("detail", s.extra());
        }
        return toJson(m);
    }

    private static void putNumber(Map<String, Object> m, String key, double v) {
        if (!Double.isNaN(v)) {
            m.put(key, Math.round(v * 1000) / 1000.0);
        }
    }

    private static String toJson(Map<String, Object> m) {
        try {
            return JSON.writeValueAsString(m);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Breaks a line longer than {@code width} between words; continuation lines are indented four
     * more than the first, so a terminal never splits a word. A word longer than a line stays whole.
     */
    public static String wrap(String line, int width) {
        return Reflow.wrapLine(line, width).replace("\n", System.lineSeparator());
    }

    static String duration(double seconds) {
        if (Double.isNaN(seconds)) {
            return "?:??";
        }
        long s = Math.max(0, Math.round(seconds));
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    /** Shows a live status in this progress's mode. */
    public void status(Status s) {
        long now = System.currentTimeMillis();
        if (mode == Mode.JSON) {
            throttled(json(s, now), now);
        } else {
            update(line(s, now));
        }
    }

    public synchronized void update(String line) {
        if (mode == Mode.TERMINAL) {
            // a wrapped line cannot be rewritten in place: cut it to the width
            String shown = line.length() > width - 1 ? line.substring(0, width - 1) : line;
            int pad = Math.max(0, lastLength - shown.length());
            out.print("\r" + shown + " ".repeat(pad));
            out.flush();
            lastLength = shown.length();
        } else {
            throttled(line, System.currentTimeMillis());
        }
    }

    private synchronized void throttled(String line, long now) {
        if (now - lastPlainMs >= intervalSeconds * 1000L) {
            out.println(line);
            out.flush();
            lastPlainMs = now;
        }
    }

    /** A line that stays (phase ends, results). */
    public synchronized void println(String line) {
        if (mode == Mode.JSON) {
            if (!line.isBlank()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("time", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
                m.put("event", "message");
                m.put("text", line);
                out.println(toJson(m));
            }
            out.flush();
            return;
        }
        if (mode == Mode.TERMINAL && lastLength > 0) {
            out.print("\r" + " ".repeat(lastLength) + "\r");
            lastLength = 0;
        }
        // a terminal gets lines broken between words; logs and pipes keep one line per message
        if (mode == Mode.TERMINAL) {
            // each line of a multi-line message (a table) on its own
            for (String l : line.split("\n", -1)) {
                out.println(wrap(l, width));
            }
        } else {
            out.println(line);
        }
        out.flush();
        lastPlainMs = 0;
    }
}
