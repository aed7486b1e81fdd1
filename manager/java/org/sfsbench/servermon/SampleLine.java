package org.sfsbench.servermon;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server monitor's line format (docs/live.md): one sample per line,
 * {@code sfsmon 1 TIME_MS cpu=U,N,S,I,W,IRQ,SIRQ,ST net.IF=RX,TX ... disk.DEV=R,RB,W,WB ... [nfsd.PROC=N ...]},
 * every figure cumulative. Lines starting with {@code #} and empty lines are ignored.
 */
public final class SampleLine {
    static final String PREFIX = "sfsmon 1 ";

    private SampleLine() {
    }

    public static String format(ServerSample s) {
        StringBuilder b = new StringBuilder(PREFIX).append(s.timeMs()).append(" cpu=");
        join(b, s.cpu());
        s.net().forEach((k, v) -> join(b.append(" net.").append(k).append('='), v));
        s.disks().forEach((k, v) -> join(b.append(" disk.").append(k).append('='), v));
        if (s.nfsd() != null) {
            s.nfsd().forEach((k, v) -> b.append(" nfsd.").append(k).append('=').append(v));
        }
        return b.toString();
    }

    private static void join(StringBuilder b, long[] v) {
        for (int i = 0; i < v.length; i++) {
            b.append(i == 0 ? "" : ",").append(v[i]);
        }
    }

    /**
     * A sample, or null for a comment or empty line.
     *
     * @throws IllegalArgumentException naming the field and its value
     */
    public static ServerSample parse(String line) {
        String l = line.strip();
        if (l.isEmpty() || l.startsWith("#")) {
            return null;
        }
        if (!l.startsWith(PREFIX)) {
            throw new IllegalArgumentException("does not start with \"" + PREFIX.strip() + "\": " + cut(l));
        }
        String[] f = l.substring(PREFIX.length()).split("\\s+");
        long time = number(f[0], "time");
        long[] cpu = null;
        Map<String, long[]> net = new TreeMap<>();
        Map<String, long[]> disks = new TreeMap<>();
        Map<String, Long> nfsd = null;
        for (int i = 1; i < f.length; i++) {
            int eq = f[i].indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("field " + cut(f[i]) + " is not NAME=VALUE");
            }
            String key = f[i].substring(0, eq);
            String value = f[i].substring(eq + 1);
            if (key.equals("cpu")) {
                cpu = numbers(value, 8, key);
            } else if (key.startsWith("net.")) {
                net.put(key.substring(4), numbers(value, 2, key));
            } else if (key.startsWith("disk.")) {
                disks.put(key.substring(5), numbers(value, 4, key));
            } else if (key.startsWith("nfsd.")) {
                if (nfsd == null) {
                    nfsd = new LinkedHashMap<>();
                }
                nfsd.put(key.substring(5), number(value, key));
            } else {
                throw new IllegalArgumentException("unknown field " + cut(key) + " (cpu, net.IF, disk.DEV, nfsd.PROC)");
            }
        }
        if (cpu == null) {
            throw new IllegalArgumentException("no cpu= field");
        }
        return new ServerSample(time, cpu, net, disks, nfsd);
    }

    private static long[] numbers(String v, int n, String key) {
        String[] parts = v.split(",");
        if (parts.length != n) {
            throw new IllegalArgumentException(key + "=" + cut(v) + ": " + n + " numbers separated by commas expected");
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = number(parts[i], key);
        }
        return out;
    }

    private static long number(String v, String what) {
        try {
            long n = Long.parseLong(v);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + ": " + cut(v) + " is not a whole number >= 0");
        }
    }

    private static String cut(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
