package org.sfsbench.access;

import java.util.Locale;

/** The access part of {@code sfs plan}: every spec with its lines, every step with its duration. */
public final class AccessPlanText {
    private AccessPlanText() {
    }

    public static String of(AccessTest t, int clients) {
        StringBuilder sb = new StringBuilder();
        sb.append("Access specifications (").append(t.source()).append("), run in this order:\n");
        for (AccessSpec s : t.specs()) {
            sb.append("  ").append(s.name()).append('\n');
            for (AccessLine l : s.lines()) {
                sb.append("    ").append(l.describe()).append('\n');
            }
        }
        sb.append(String.format(Locale.ROOT, "Target: iobw.tst per worker, %s tested from byte %d (%s file),"
                + " created and filled once before the first step%n", Sizes.human(t.regionBytes()), t.startOffset(),
                Sizes.human(t.fileBytes())));
        sb.append(String.format(Locale.ROOT, "  (a posix mount point that is an existing file or block device is"
                + " tested in place, %s, %s)%n", t.wholeTarget() ? "to its end" : Sizes.human(t.regionBytes()),
                t.targetWrites() ? "written as the specs say (ACCESS_TARGET_WRITES)"
                        : "read only: a spec that writes is refused (ACCESS_TARGET_WRITES=yes allows it)"));
        sb.append('\n');
        sb.append(String.format(Locale.ROOT, "%7s  %-24s %11s %8s %14s%n", "step", "spec", "outstanding", "workers",
                "ramp + run"));
        int n = t.steps().size();
        long total = 0;
        for (AccessStep s : t.steps()) {
            sb.append(String.format(Locale.ROOT, "%7s  %-24s %11d %8d %9d + %d s%n", s.index() + "/" + n,
                    s.spec().name(), s.outstandingIos(), s.workers() * clients, s.rampUpSeconds(), s.runSeconds()));
            total += s.rampUpSeconds() + s.runSeconds();
        }
        sb.append("(outstanding I/Os per worker; workers in all; every step ramps up, then is measured, on the"
                + " same targets)\n");
        sb.append(String.format(Locale.ROOT, "load time %d s (%.1f min) in %d steps%n", total, total / 60.0, n));
        return sb.toString();
    }
}
