package org.sfsbench.tls;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** The few DER encodings an X.509 certificate needs (the JDK has no public certificate builder). */
final class Der {
    private Der() {
    }

    static byte[] tlv(int tag, byte[]... contents) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] c : contents) {
            body.writeBytes(c);
        }
        int n = body.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        if (n < 0x80) {
            out.write(n);
        } else {
            byte[] len = BigInteger.valueOf(n).toByteArray();
            int skip = len[0] == 0 ? 1 : 0;
            out.write(0x80 | (len.length - skip));
            out.write(len, skip, len.length - skip);
        }
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    static byte[] seq(byte[]... contents) {
        return tlv(0x30, contents);
    }

    static byte[] set(byte[]... contents) {
        return tlv(0x31, contents);
    }

    static byte[] integer(BigInteger v) {
        return tlv(0x02, v.toByteArray());
    }

    static byte[] bool(boolean v) {
        return tlv(0x01, new byte[] {(byte) (v ? 0xff : 0)});
    }

    static byte[] octets(byte[] v) {
        return tlv(0x04, v);
    }

    /** A BIT STRING whose last byte has {@code unusedBits} padding bits. */
    static byte[] bits(int unusedBits, byte[] v) {
        byte[] b = new byte[v.length + 1];
        b[0] = (byte) unusedBits;
        System.arraycopy(v, 0, b, 1, v.length);
        return tlv(0x03, b);
    }

    static byte[] utf8(String s) {
        return tlv(0x0c, s.getBytes(StandardCharsets.UTF_8));
    }

    /** GeneralizedTime, valid for any year (RFC 5280 allows it; JDK parses it). */
    static byte[] time(ZonedDateTime t) {
        String s = t.withZoneSameInstant(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss")) + "Z";
        return tlv(0x18, s.getBytes(StandardCharsets.US_ASCII));
    }

    /** [n] EXPLICIT */
    static byte[] explicit(int n, byte[] content) {
        return tlv(0xa0 | n, content);
    }

    static byte[] oid(String dotted) {
        String[] p = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Integer.parseInt(p[0]) * 40 + Integer.parseInt(p[1]));
        for (int i = 2; i < p.length; i++) {
            long v = Long.parseLong(p[i]);
            int groups = 1;
            for (long x = v >> 7; x > 0; x >>= 7) {
                groups++;
            }
            for (int g = groups - 1; g >= 0; g--) {
                out.write((int) ((v >> (7 * g)) & 0x7f) | (g > 0 ? 0x80 : 0));
            }
        }
        return tlv(0x06, out.toByteArray());
    }
}
