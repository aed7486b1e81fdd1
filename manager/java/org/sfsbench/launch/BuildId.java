package org.sfsbench.launch;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Identity of this sfsbench build: a digest of the jar the code runs from. A manager and an
 * agent from different builds must not run together (their engines and protocol may differ).
 */
public final class BuildId {
    private static final String CURRENT = compute();

    private BuildId() {
    }

    public static String current() {
        return CURRENT;
    }

    private static String compute() {
        try {
            return of(Path.of(BuildId.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (URISyntaxException | SecurityException e) {
            return "unknown";
        }
    }

    /** The identity of the build in {@code jar} (a folder of classes has none of its own). */
    public static String of(Path jar) {
        try {
            if (!Files.isRegularFile(jar)) {
                return "classes-" + jar.getFileName();
            }
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(Files.newInputStream(jar), d)) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            }
            return HexFormat.of().formatHex(d.digest(), 0, 6);
        } catch (IOException | NoSuchAlgorithmException | SecurityException e) {
            return "unknown";
        }
    }
}
