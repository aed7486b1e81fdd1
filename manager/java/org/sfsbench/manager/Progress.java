package org.sfsbench.manager;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The live progress line: load point k/n, phase, time left, achieved vs requested ops/s, mean
 * latency. On a terminal one line is rewritten in place; otherwise (CI logs, pipes) a plain line
 * is printed at most every {@code plainEverySeconds}.
 */
public final class Progress {
    private final PrintStream out;
    private final boolean terminal;
    private final int plainEverySeconds;
    private long lastPlainMs;
    private int lastLength;

    public Progress(PrintStream out, boolean terminal, int plainEverySeconds) {
        this.out = out;
        this.terminal = terminal;
        this.plainEverySeconds = plainEverySeconds;
    }

    public static Progress forConsole() {
        return new Progress(System.out, System.console() != null && System.getenv("CI") == null, 10);
    }

    /** One status line; {@code achieved} and {@code meanMs} may be NaN before any op completed. */
    public static String format(int point, int points, String phase, double secondsLeft, double achieved,
            double requested, double meanMs, String extra) {
        StringBuilder sb = new StringBuilder();
        // points = 0: a step of a LOAD=max run, whose number of steps is decided as it goes
        sb.append(points > 0 ? String.format(Locale.ROOT, "load point %d/%d  %-6s %5s left", point, points, phase,
                duration(secondsLeft)) : String.format(Locale.ROOT, "step %d  %-6s %5s left", point, phase,
                duration(secondsLeft)));
        if (!Double.isNaN(achieved)) {
            sb.append(String.format(Locale.ROOT, "  %.1f/%d ops/s", achieved, Math.round(requested)));
        }
        if (!Double.isNaN(meanMs)) {
            sb.append(String.format(Locale.ROOT, "  %.2f ms/op", meanMs));
        }
        if (extra != null && !extra.isEmpty()) {
            sb.append("  ").append(extra);
        }
        return sb.toString();
    }

    static String duration(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    public synchronized void update(String line) {
        if (terminal) {
            int pad = Math.max(0, lastLength - line.length());
            out.print("\r" + line + " ".repeat(pad));
            out.flush();
            lastLength = line.length();
        } else {
            long now = System.currentTimeMillis();
            if (now - lastPlainMs >= plainEverySeconds * 1000L) {
                out.println(line);
                lastPlainMs = now;
            }
        }
    }

    /** A line that stays (phase ends, results). */
    public synchronized void println(String line) {
        if (terminal && lastLength > 0) {
            out.print("\r" + " ".repeat(lastLength) + "\r");
            lastLength = 0;
        }
        out.println(line);
        out.flush();
        lastPlainMs = 0;
    }
}
