package org.sfsbench.access;

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

    /** Largest transfer the engine issues (SFS_XFER_MAX). */
    public static final int MAX_SIZE = 1 << 20;

    /** Why this line cannot run, or null when it can. */
    public String problem() {
        if (size < 1 || size > MAX_SIZE) {
            return "size " + size + " is outside 1.." + MAX_SIZE + " bytes";
        }
        if (pct < 0 || pct > 100 || readPct < 0 || readPct > 100 || randomPct < 0 || randomPct > 100) {
            return "percentages must be 0..100 (" + pct + ", " + readPct + ", " + randomPct + ")";
        }
        if (delayMs < 0 || delayMs > 3_600_000) {
            return "delay " + delayMs + " ms is outside 0..3600000";
        }
        if (burst < 1) {
            return "burst " + burst + ": a burst has at least one transfer";
        }
        if (align < 0 || align > (1 << 30)) {
            return "alignment " + align + " is outside 0..1073741824 bytes";
        }
        if (reply != 0) {
            return "reply size " + reply + ": replies belong to Iometer's network targets; a file on a file"
                    + " server sends none (use 0)";
        }
        return null;
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
