package org.sfsbench.capture;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The shape of the traffic, accumulated op by op: the op mix, transfer sizes and offset
 * alignment, the read/write ratio, inter-arrival times, file popularity, the working set, the
 * directory depth and each client's rate. Memory grows with the files and clients, not with
 * the ops.
 */
public final class TrafficProfile {
    /** Offsets are counted by the largest power of two that divides them, up to this. */
    static final long ALIGN_MAX = 1L << 20;

    final Map<String, Long> ops = new TreeMap<>();
    final Map<String, Long> notReplayable = new TreeMap<>();
    final Map<Long, Long> readSizes = new TreeMap<>();
    final Map<Long, Long> writeSizes = new TreeMap<>();
    final Map<Long, Long> alignment = new TreeMap<>();
    final LogHistogram gapsUs = new LogHistogram();
    final Map<String, Long> filesOps = new HashMap<>();
    final Map<String, Long> extent = new HashMap<>();
    final Map<Integer, Long> depth = new TreeMap<>();
    final Map<String, double[]> clients = new TreeMap<>();   // first, last, ops
    long readBytes;
    long writeBytes;
    long readOps;
    long writeOps;
    long total;
    double first = Double.NaN;
    double last = Double.NaN;

    public void accept(CapturedOp op) {
        total++;
        ops.merge(op.mixOp(), 1L, Long::sum);
        if (!op.replayable()) {
            notReplayable.merge(op.why(), 1L, Long::sum);
        }
        double[] c = clients.get(op.client());
        if (c == null) {
            clients.put(op.client(), new double[] {op.time(), op.time(), 1});
        } else {
            gapsUs.add(Math.max(0, (op.time() - c[1]) * 1e6));
            c[0] = Math.min(c[0], op.time());
            c[1] = Math.max(c[1], op.time());
            c[2]++;
        }
        first = Double.isNaN(first) ? op.time() : Math.min(first, op.time());
        last = Double.isNaN(last) ? op.time() : Math.max(last, op.time());
        if (!op.path().isEmpty()) {
            filesOps.merge(op.path(), 1L, Long::sum);
            int d = (int) op.path().chars().filter(ch -> ch == '/').count();
            depth.merge(d, 1L, Long::sum);
        }
        if (op.transfers()) {
            boolean read = op.mixOp().equalsIgnoreCase("read");   // NFS read/write/wrcache, SMB READ/WRITE
            (read ? readSizes : writeSizes).merge(op.length(), 1L, Long::sum);
            if (read) {
                readBytes += op.length();
                readOps++;
            } else {
                writeBytes += op.length();
                writeOps++;
            }
            alignment.merge(alignmentOf(op.offset()), 1L, Long::sum);
            extent.merge(op.path(), op.offset() + op.length(), Math::max);
        }
    }

    /** The largest power of two (up to {@link #ALIGN_MAX}) dividing {@code offset}; 0 stays 0. */
    static long alignmentOf(long offset) {
        if (offset == 0) {
            return 0;
        }
        return Math.min(ALIGN_MAX, Long.lowestOneBit(offset));
    }

    /** The value at quantile {@code q} (0..1) of counts by value. */
    static long quantile(Map<Long, Long> counts, double q) {
        long n = counts.values().stream().mapToLong(Long::longValue).sum();
        if (n == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(q * n);
        long seen = 0;
        long v = 0;
        for (Map.Entry<Long, Long> e : new TreeMap<>(counts).entrySet()) {
            v = e.getKey();
            seen += e.getValue();
            if (seen >= Math.max(1, rank)) {
                break;
            }
        }
        return v;
    }

    /** Read and write sizes together. */
    Map<Long, Long> sizes() {
        Map<Long, Long> all = new TreeMap<>(readSizes);
        writeSizes.forEach((k, v) -> all.merge(k, v, Long::sum));
        return all;
    }

    /** Ops per file, most popular first. */
    List<Long> popularity() {
        List<Long> l = new ArrayList<>(filesOps.values());
        l.sort((a, b) -> Long.compare(b, a));
        return l;
    }

    /**
     * The Zipf exponent s of ops per file (count ~ rank^-s), fitted by least squares on log
     * count against log rank; 0 when fewer than 2 files.
     */
    static double zipfSkew(List<Long> descending) {
        int n = descending.size();
        if (n < 2) {
            return 0;
        }
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            double x = Math.log(i + 1.0);
            double y = Math.log(descending.get(i));
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double den = n * sxx - sx * sx;
        return den == 0 ? 0 : -(n * sxy - sx * sy) / den;
    }

    /** Seconds from the first op to the last. */
    double span() {
        return Double.isNaN(first) ? 0 : last - first;
    }

    /** Bytes of the working set: each read or written file up to the furthest byte reached. */
    long workingSetBytes() {
        return extent.values().stream().mapToLong(Long::longValue).sum();
    }
}
