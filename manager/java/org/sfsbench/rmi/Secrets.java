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

import org.sfsbench.tls.PrivateFiles;

/** The shared agent secret and the mutual challenge-response over it. */
public final class Secrets {
    /** Environment variable that may carry the secret of hand-started agents and their manager. */
    public static final String ENV = "SFS_AGENT_SECRET";
    /** Shortest secret accepted: a guessable secret makes the login worthless. */
    public static final int MIN_LENGTH = 16;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final byte[] AGENT_LABEL = "sfsbench-agent-proof".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MANAGER_LABEL = "sfsbench-manager-proof".getBytes(StandardCharsets.US_ASCII);

    private Secrets() {
    }

    public static String generate() {
        return HexFormat.of().formatHex(nonce());
    }

    public static byte[] nonce() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return b;
    }

    /** What the agent shows the manager: it knows the secret and answers this manager's nonce. */
    public static byte[] agentProof(String secret, byte[] managerNonce, byte[] agentNonce) {
        return hmac(secret, AGENT_LABEL, managerNonce, agentNonce);
    }

    /** What the manager shows the agent; labelled differently so neither proof can be replayed as the other. */
    public static byte[] managerProof(String secret, byte[] agentNonce) {
        return hmac(secret, MANAGER_LABEL, agentNonce);
    }

    public static boolean matches(byte[] expected, byte[] given) {
        return given != null && MessageDigest.isEqual(expected, given);
    }

    private static byte[] hmac(String secret, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            for (byte[] p : parts) {
                mac.update(p == null ? new byte[0] : p);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    /**
     * The secret of hand-started agents: the environment variable, else the file
     * (policy/agent.secret by default), which must be readable by its owner only.
     */
    public static String load(Path file) throws IOException {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return checked(env.trim(), ENV);
        }
        if (file == null || !Files.isReadable(file)) {
            throw new IOException("no agent secret: set " + ENV + " or create " + file
                    + " (the same secret on the prime client and every agent; see docs/security.md)");
        }
        return loadFile(file);
    }

    /** The secret in {@code file}, which must be readable by its owner only. */
    public static String loadFile(Path file) throws IOException {
        if (!Files.isReadable(file)) {
            throw new IOException("no agent secret file " + file);
        }
        PrivateFiles.checkOwnerOnly(file, "the agent secret");
        return checked(Files.readString(file, StandardCharsets.UTF_8).trim(), file.toString());
    }

    /** Refuses a secret shorter than {@link #MIN_LENGTH}; {@code source} names where it came from. */
    public static String checked(String secret, String source) throws IOException {
        if (secret.length() < MIN_LENGTH) {
            throw new IOException(source + ": agent secret too short (" + secret.length() + " characters; at least "
                    + MIN_LENGTH + ")");
        }
        return secret;
    }
}
