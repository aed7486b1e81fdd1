package org.sfsbench.capture;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The profile of a capture as text, JSON and an rc fragment with its MIXFILE: a synthetic load
 * of the same op mix (and, when one size carries {@value #ONE_SIZE_PCT} % of the transfers,
 * that transfer size) at the capture's rate, which LOAD scales.
 */
public final class ProfileReport {
    /** A transfer size carrying this share of reads and writes becomes XFER_SIZE. */
    static final int ONE_SIZE_PCT = 90;
    /** MIXFILE op names (docs/rc-reference.md, MIXFILE). */
    static final List<String> MIX_OPS = List.of("null", "getattr", "setattr", "root", "lookup", "readlink", "read",
            "wrcache", "write", "create", "remove", "rename", "link", "symlink", "mkdir", "rmdir", "readdir",
            "fsstat", "access", "commit", "fsinfo", "mknod", "pathconf", "readdirplus");

    private final TrafficProfile p;
    private final Map<String, Object> facts;

    /** @param source what the profile is of (the capture, the decoder, anonymized or not) */
    public ProfileReport(TrafficProfile p, Map<String, Object> source) {
        this.p = p;
        this.facts = build(source);
    }

    private Map<String, Object> build(Map<String, Object> source) {
        Map<String, Object> m = new LinkedHashMap<>(source);
        m.put("ops", p.total);
        m.put("seconds", round(p.span(), 6));
        m.put("opsPerSecond", round(rate(), 3));
        Map<String, Object> mix = new LinkedHashMap<>();
        p.ops.forEach((op, n) -> mix.put(op, Map.of("count", n, "pct", round(100.0 * n / Math.max(1, p.total), 3))));
        m.put("mix", mix);
        m.put("notReplayable", p.notReplayable);
        m.put("transferSizes", Map.of("read", sizeFacts(p.readSizes), "write", sizeFacts(p.writeSizes), "all",
                sizeFacts(p.sizes())));
        m.put("offsetAlignment", p.alignment);
        Map<String, Object> rw = new LinkedHashMap<>();
        rw.put("readOps", p.readOps);
        rw.put("writeOps", p.writeOps);
        rw.put("readBytes", p.readBytes);
        rw.put("writeBytes", p.writeBytes);
        rw.put("readWriteOpRatio", p.writeOps == 0 ? null : round((double) p.readOps / p.writeOps, 4));
        rw.put("readWriteByteRatio", p.writeBytes == 0 ? null : round((double) p.readBytes / p.writeBytes, 4));
        m.put("readWrite", rw);
        Map<String, Object> gaps = new LinkedHashMap<>();
        gaps.put("meanUs", round(p.gapsUs.mean(), 3));
        gaps.put("p50UsBelow", p.gapsUs.quantileBound(0.5));
        gaps.put("p90UsBelow", p.gapsUs.quantileBound(0.9));
        gaps.put("p99UsBelow", p.gapsUs.quantileBound(0.99));
        Map<String, Long> buckets = new LinkedHashMap<>();
        for (int i = 0; i < p.gapsUs.counts.length; i++) {
            if (p.gapsUs.counts[i] > 0) {
                buckets.put("<" + (1L << i), p.gapsUs.counts[i]);
            }
        }
        gaps.put("histogramUs", buckets);
        m.put("interArrival", gaps);
        List<Long> pop = p.popularity();
        Map<String, Object> files = new LinkedHashMap<>();
        files.put("files", pop.size());
        files.put("zipfSkew", round(TrafficProfile.zipfSkew(pop), 4));
        files.put("top10PctShareOfOps", round(topShare(pop, 0.1), 4));
        files.put("workingSetFiles", p.extent.size());
        files.put("workingSetBytes", p.workingSetBytes());
        files.put("directoryDepth", p.depth);
        files.put("maxDepth", p.depth.isEmpty() ? 0 : ((TreeMap<Integer, Long>) p.depth).lastKey());
        m.put("files", files);
        Map<String, Object> clients = new LinkedHashMap<>();
        p.clients.forEach((c, v) -> clients.put(c, Map.of("ops", (long) v[2], "seconds", round(v[1] - v[0], 6),
                "opsPerSecond", round(v[1] > v[0] ? v[2] / (v[1] - v[0]) : 0, 3))));
        m.put("clients", clients);
        return m;
    }

    private static Map<String, Object> sizeFacts(Map<Long, Long> sizes) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("count", sizes.values().stream().mapToLong(Long::longValue).sum());
        f.put("p25", TrafficProfile.quantile(sizes, 0.25));
        f.put("p50", TrafficProfile.quantile(sizes, 0.5));
        f.put("p75", TrafficProfile.quantile(sizes, 0.75));
        f.put("max", sizes.isEmpty() ? 0 : ((TreeMap<Long, Long>) sizes).lastKey());
        return f;
    }

    private double rate() {
        return p.span() > 0 ? p.total / p.span() : 0;
    }

    private static double topShare(List<Long> descending, double fraction) {
        long all = descending.stream().mapToLong(Long::longValue).sum();
        int top = (int) Math.ceil(descending.size() * fraction);
        long t = descending.stream().limit(top).mapToLong(Long::longValue).sum();
        return all == 0 ? 0 : (double) t / all;
    }

    private static double round(double v, int digits) {
        double s = Math.pow(10, digits);
        return Math.round(v * s) / s;
    }

    public String json() {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(facts) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("profile as JSON", e);
        }
    }

    /** Whole-percent shares of the MIXFILE ops that total 100 (largest remainder); empty when the
     *  capture has none of them. */
    public Map<String, Integer> mixShares() {
        Map<String, Long> counts = new LinkedHashMap<>();
        p.ops.forEach((op, n) -> {
            if (MIX_OPS.contains(op)) {
                counts.put(op, n);
            }
        });
        long all = counts.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Integer> shares = new LinkedHashMap<>();
        if (all == 0) {
            return shares;
        }
        List<Map.Entry<String, Double>> rest = new ArrayList<>();
        int given = 0;
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            double exact = 100.0 * e.getValue() / all;
            int whole = (int) Math.floor(exact);
            shares.put(e.getKey(), whole);
            given += whole;
            rest.add(Map.entry(e.getKey(), exact - whole));
        }
        rest.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()));
        for (int i = 0; i < 100 - given; i++) {
            shares.merge(rest.get(i).getKey(), 1, Integer::sum);
        }
        shares.values().removeIf(v -> v == 0);
        return shares;
    }

    /** The MIXFILE (SFS MIXFILE VERSION 2), or null when the capture has no NFS ops. */
    public String mixFile(String captureName) {
        Map<String, Integer> shares = mixShares();
        if (shares.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder("SFS MIXFILE VERSION 2\n");
        b.append("# the op mix of ").append(captureName).append(" (sfs capture), whole percent\n");
        shares.forEach((op, pct) -> b.append(op).append(' ').append(pct).append("%\n"));
        return b.toString();
    }

    /** The transfer size that carries {@value #ONE_SIZE_PCT} % of the transfers, or 0. */
    public long oneTransferSize() {
        Map<Long, Long> sizes = p.sizes();
        long all = sizes.values().stream().mapToLong(Long::longValue).sum();
        for (Map.Entry<Long, Long> e : sizes.entrySet()) {
            if (all > 0 && e.getValue() * 100 >= all * ONE_SIZE_PCT && e.getKey() > 0) {
                return e.getKey();
            }
        }
        return 0;
    }

    /** The rc fragment that runs the synthetic load, or null without a MIXFILE. */
    public String rcFragment(String captureName, String mixFileName) {
        if (mixShares().isEmpty()) {
            return null;
        }
        double r = rate();
        long load = Math.max(1, Math.round(r));
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "# sfs capture: a synthetic load of the shape of %s (%d ops in %.3f s,"
                + " %.1f ops/s)%n", captureName, p.total, p.span(), r));
        b.append(String.format(Locale.ROOT, "# scale it with LOAD (x2: %d, x10: %d) or find its capacity with SLO"
                + " (docs/slo.md); add the server's variables (docs/rc-reference.md)%n", 2 * load, 10 * load));
        b.append("MIXFILE=").append(mixFileName).append('\n');
        b.append("LOAD=").append(load).append('\n');
        long one = oneTransferSize();
        if (one > 0) {
            b.append("XFER_SIZE=").append(one).append('\n');
        } else {
            b.append("# transfer sizes: the SFS tables (docs/workloads.md); the capture's quartiles are in the"
                    + " profile\n");
        }
        return b.toString();
    }

    /** The profile as text. */
    @SuppressWarnings("unchecked")
    public String text() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%s: %s, %d ops in %.3f s (%.1f ops/s), names %s%n", facts.get("capture"),
                facts.get("protocol"), p.total, p.span(), rate(),
                Boolean.TRUE.equals(facts.get("anonymized")) ? "anonymized (stable hashes)" : "as captured"));
        b.append("\nop mix\n");
        p.ops.forEach((op, n) -> b.append(String.format(Locale.ROOT, "  %-22s %10d %7.3f %%%n", op, n,
                100.0 * n / Math.max(1, p.total))));
        if (!p.notReplayable.isEmpty()) {
            b.append("\nnot replayable\n");
            p.notReplayable.forEach((why, n) -> b.append(String.format(Locale.ROOT, "  %10d  %s%n", n, why)));
        }
        b.append("\ntransfer sizes (bytes)     count        p25        p50        p75        max\n");
        for (String k : List.of("read", "write", "all")) {
            Map<String, Object> s = (Map<String, Object>) ((Map<String, Object>) facts.get("transferSizes")).get(k);
            b.append(String.format(Locale.ROOT, "  %-22s %7d %10d %10d %10d %10d%n", k, s.get("count"), s.get("p25"),
                    s.get("p50"), s.get("p75"), s.get("max")));
        }
        b.append("\noffset alignment (largest power of two dividing the offset; 0 = offset 0)\n");
        long transfers = p.readOps + p.writeOps;
        p.alignment.forEach((a, n) -> b.append(String.format(Locale.ROOT, "  %10d %10d %7.3f %%%n", a, n,
                100.0 * n / Math.max(1, transfers))));
        Map<String, Object> rw = (Map<String, Object>) facts.get("readWrite");
        b.append(String.format(Locale.ROOT, "%nread/write: %d/%d ops (ratio %s), %d/%d bytes (ratio %s)%n", p.readOps,
                p.writeOps, rw.get("readWriteOpRatio"), p.readBytes, p.writeBytes, rw.get("readWriteByteRatio")));
        Map<String, Object> g = (Map<String, Object>) facts.get("interArrival");
        b.append(String.format(Locale.ROOT, "inter-arrival per client: mean %s us, p50 < %s us, p90 < %s us, p99 < %s us%n",
                g.get("meanUs"), g.get("p50UsBelow"), g.get("p90UsBelow"), g.get("p99UsBelow")));
        Map<String, Object> f = (Map<String, Object>) facts.get("files");
        b.append(String.format(Locale.ROOT, "files: %s, popularity Zipf skew %s (the top 10 %% of files: %.1f %% of"
                + " ops); working set %s files, %s bytes; directory depth up to %s%n", f.get("files"), f.get("zipfSkew"),
                100 * (double) f.get("top10PctShareOfOps"), f.get("workingSetFiles"), f.get("workingSetBytes"),
                f.get("maxDepth")));
        b.append("\nclient                          ops    seconds      ops/s\n");
        ((Map<String, Object>) facts.get("clients")).forEach((c, v) -> {
            Map<String, Object> cv = (Map<String, Object>) v;
            b.append(String.format(Locale.ROOT, "  %-24s %8d %10.3f %10.1f%n", c, cv.get("ops"), cv.get("seconds"),
                    cv.get("opsPerSecond")));
        });
        return b.toString();
    }
}
