package org.sfsbench.access;

import java.util.Locale;

/** Byte counts written as 4096, 4k, 64K, 1m, 2G (binary units) and shown as 4 KiB. */
public final class Sizes {
    private Sizes() {
    }

    /** Parses a size; -1 if the text is not one. */
    public static long parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        long mult = 1;
        if (t.endsWith("kib") || t.endsWith("mib") || t.endsWith("gib")) {
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("b") && t.length() > 1 && !Character.isDigit(t.charAt(t.length() - 2))) {
            t = t.substring(0, t.length() - 1);
        }
        if (t.endsWith("k")) {
            mult = 1L << 10;
        } else if (t.endsWith("m")) {
            mult = 1L << 20;
        } else if (t.endsWith("g")) {
            mult = 1L << 30;
        } else if (t.endsWith("t")) {
            mult = 1L << 40;
        }
        if (mult > 1) {
            t = t.substring(0, t.length() - 1);
        }
        if (!t.matches("\\d{1,13}")) {
            return -1;
        }
        long v = Long.parseLong(t);
        return v > Long.MAX_VALUE / mult ? -1 : v * mult;
    }

    /** 512 B, 4 KiB, 1.5 MiB. */
    public static String human(long bytes) {
        String[] units = { "B", "KiB", "MiB", "GiB", "TiB" };
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1 && (long) v % 1024 == 0) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v)) + " "
                + units[u];
    }
}
