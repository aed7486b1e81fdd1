package org.sfsbench.rmi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The shared agent secret and the challenge-response over it. */
public final class Secrets {
    /** Environment variable that carries the secret to agents the manager starts itself. */
    public static final String ENV = "SFS_AGENT_SECRET";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Secrets() {
    }

    public static String generate() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    public static byte[] nonce() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return b;
    }

    public static byte[] respond(String secret, byte[] challenge) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(challenge);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    public static boolean verify(String secret, byte[] challenge, byte[] response) {
        return MessageDigest.isEqual(respond(secret, challenge), response);
    }

    /**
     * The secret of remote agents: the environment variable, else the file (policy/agent.secret
     * by default), which must not be readable by others.
     */
    public static String load(Path file) throws IOException {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return env.trim();
        }
        if (file == null || !Files.isReadable(file)) {
            throw new IOException("no agent secret: set " + ENV + " or create " + file
                    + " (the same secret on the prime client and every agent; see docs/security.md)");
        }
        String s = Files.readString(file, StandardCharsets.UTF_8).trim();
        if (s.length() < 16) {
            throw new IOException(file + ": agent secret too short (at least 16 characters)");
        }
        return s;
    }
}
