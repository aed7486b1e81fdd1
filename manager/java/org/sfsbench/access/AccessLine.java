package org.sfsbench.access;

import org.sfsbench.engine.Engine;

/**
 * One line of an Iometer access specification (docs/access-specs.md).
 *
 * @param size      bytes per transfer
 * @param pct       % of the spec's transfers drawn from this line
 * @param readPct   % of this line's transfers that read
 * @param randomPct % that go to a random offset rather than the next sequential one
 * @param delayMs   milliseconds the worker waits before each burst
 * @param burst     transfers per burst
 * @param align     offsets are multiples of this many bytes; 0 = the 512-byte sector
 * @param reply     Iometer's reply size (network targets only); always 0 here
 */
public record AccessLine(int size, int pct, int readPct, int randomPct, int delayMs, int burst, int align,
        int reply) {

    /**
     * Why this line cannot run, or null when it can: the engine judges it (sfs_engine_access_check,
     * with the line alone at 100 % of accesses, so its own % is checked here).
     */
    public String problem() {
        if (pct < 0 || pct > 100) {
            return "% of accesses " + pct + " is outside 0..100";
        }
        String alone = size + ",100," + readPct + "," + randomPct + "," + delayMs + "," + burst + "," + align + ","
                + reply;
        Engine.AccessCheck c = Engine.checkAccessSpec(alone);
        return c.lines() < 0 ? c.reason().replaceFirst("^line 1: ", "") : null;
    }

    /** The engine's form: size,pct,read,random,delay,burst,align,reply. */
    public String engineText() {
        return size + "," + pct + "," + readPct + "," + randomPct + "," + delayMs + "," + burst + "," + align + ","
                + reply;
    }

    /** Human form for plans: "4 KiB 60 % 80 % read 100 % random". */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%8s %3d %% of accesses, %3d %% read, %3d %% random", Sizes.human(size), pct,
                readPct, randomPct));
        if (delayMs > 0 || burst > 1) {
            sb.append(", delay ").append(delayMs).append(" ms per burst of ").append(burst);
        }
        sb.append(", aligned on ").append(align == 0 ? "512 B (sector)" : Sizes.human(align));
        return sb.toString();
    }
}
