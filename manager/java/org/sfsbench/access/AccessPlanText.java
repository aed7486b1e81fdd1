package org.sfsbench.access;

import java.util.Locale;

import org.sfsbench.report.text.Reflow;

/** The access part of {@code sfs plan}: every spec with its lines, every step with its duration. */
public final class AccessPlanText {
    private AccessPlanText() {
    }

    public static String of(AccessTest t, int clients, int width) {
        StringBuilder sb = new StringBuilder();
        sb.append(Reflow.para(0, "Access specifications (" + t.source() + "), run in this order:", width));
        for (AccessSpec s : t.specs()) {
            sb.append("  ").append(s.name()).append('\n');
            for (AccessLine l : s.lines()) {
                sb.append(Reflow.hanging("    ", "      ", l.describe(), width));
            }
        }
        sb.append(Reflow.para(0, String.format(Locale.ROOT, "Target: iobw.tst per worker, %s tested from byte %d"
                + " (%s file), created and filled once before the first step", Sizes.human(t.regionBytes()),
                t.startOffset(), Sizes.human(t.fileBytes())), width));
        sb.append(Reflow.para(2, String.format(Locale.ROOT, "(a posix mount point that is an existing file or block"
                + " device is tested in place, %s, %s)", t.wholeTarget() ? "to its end" : Sizes.human(t.regionBytes()),
                t.targetWrites() ? "written as the specs say (ACCESS_TARGET_WRITES)"
                        : "read only: a spec that writes is refused (ACCESS_TARGET_WRITES=yes allows it)"), width));
        sb.append('\n');
        int nameWidth = Math.max(4, t.specs().stream().mapToInt(s -> s.name().length()).max().orElse(4));
        boolean targets = t.steps().stream().anyMatch(s -> s.targets() != s.workers());
        String row = "%7s  %-" + nameWidth + "s  %11s %8s" + (targets ? " %8s" : "%s") + " %14s%n";
        sb.append(String.format(Locale.ROOT, row, "step", "spec", "outstanding", "workers", targets ? "targets" : "",
                "ramp + run"));
        int n = t.steps().size();
        for (AccessStep s : t.steps()) {
            sb.append(String.format(Locale.ROOT, row, s.index() + "/" + n, s.spec().name(), s.outstandingIos(),
                    s.workers() * clients, targets ? String.valueOf(s.targets() * clients) : "",
                    s.rampUpSeconds() + " + " + s.runSeconds() + " s"));
        }
        sb.append(Reflow.para(0, "(outstanding I/Os per worker" + (targets ? " and target; workers and targets" : ";"
                + " workers") + " in all; every step ramps up, then is measured, on the same targets)", width));
        return sb.toString();
    }
}
