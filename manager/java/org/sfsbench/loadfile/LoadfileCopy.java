package org.sfsbench.loadfile;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.SequenceInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A WORKLOAD=loadfile replay's loadfile as the manager read and checked it, travelling with each
 * {@code rmi.PointTask} so that a client host needs no copy of its own (docs/loadfile.md). The text is
 * gzipped (client.txt's 26 MB become 2 MB) in chunks below the agent connection's array limit
 * ({@code rmi.SocketFactories.FILTER}); the agent unpacks at most {@link #MAX_BYTES} and checks the
 * SHA-256.
 *
 * @param name   the file name of the manager's LOADFILE, for messages
 * @param size   bytes of text
 * @param sha256 of the text, hex
 * @param gzip   the gzipped text in chunks of at most {@link #CHUNK} bytes
 */
public record LoadfileCopy(String name, long size, String sha256, List<byte[]> gzip) implements Serializable {
    /**
     * Largest loadfile a run ships: about twice Debian's client.txt (26,214,401 bytes). Even
     * incompressible text stays under the 64 MiB an agent connection reads per call.
     */
    public static final long MAX_BYTES = 48L << 20;
    /** Chunk size, under the filter's maxarray. */
    static final int CHUNK = 512 << 10;

    public LoadfileCopy {
        gzip = List.copyOf(gzip);
    }

    /** Packs {@code text}; the caller has checked it (the engine's parser) and its size. */
    public static LoadfileCopy of(String name, byte[] text) {
        if (text.length > MAX_BYTES) {
            throw new IllegalArgumentException(name + ": " + text.length + " bytes, more than " + MAX_BYTES);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length / 8 + 64);
        try (GZIPOutputStream z = new GZIPOutputStream(out, 1 << 16)) {
            z.write(text);
        } catch (IOException e) {
            throw new IllegalStateException("gzip in memory", e);
        }
        byte[] all = out.toByteArray();
        List<byte[]> chunks = new ArrayList<>();
        for (int at = 0; at < all.length; at += CHUNK) {
            chunks.add(java.util.Arrays.copyOfRange(all, at, Math.min(all.length, at + CHUNK)));
        }
        return new LoadfileCopy(name, text.length, sha256(text), chunks);
    }

    /**
     * The text, unpacked with at most {@link #MAX_BYTES} read whatever the sender claims, and
     * checked against {@link #size} and {@link #sha256}.
     */
    public byte[] text() throws IOException {
        if (size < 0 || size > MAX_BYTES) {
            throw new IOException("loadfile " + name + ": " + size + " bytes, more than the " + MAX_BYTES
                    + " a run ships");
        }
        List<InputStream> parts = new ArrayList<>();
        for (byte[] c : gzip) {
            parts.add(new ByteArrayInputStream(c));
        }
        byte[] text;
        try (InputStream in = new GZIPInputStream(new SequenceInputStream(Collections.enumeration(parts)), 1 << 16)) {
            text = in.readNBytes((int) size + 1);
        }
        if (text.length != size) {
            throw new IOException("loadfile " + name + ": the copy from the manager unpacks to "
                    + (text.length > size ? "more than " + size : text.length) + " bytes, not " + size);
        }
        if (!sha256(text).equals(sha256)) {
            throw new IOException("loadfile " + name + ": the copy from the manager does not match its SHA-256");
        }
        return text;
    }

    /** Bytes on the wire. */
    public long packedBytes() {
        return gzip.stream().mapToLong(c -> c.length).sum();
    }

    private static String sha256(byte[] text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    @Override
    public String toString() {
        return "LoadfileCopy[" + name + ", " + size + " bytes, " + packedBytes() + " packed]";
    }
}
