package org.sfsbench.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * One host's TLS material: its key, its certificate chain, and the CA whose certificates it
 * accepts from the other end. On disk it is a folder (policy/tls by default) with
 * {@code ca.crt}, {@code host.crt} and {@code host.key} (mode 0600).
 */
public record TlsIdentity(PrivateKey key, List<X509Certificate> chain, X509Certificate trusted) {
    public static final String CA_CERT = "ca.crt";
    public static final String CA_KEY = "ca.key";
    public static final String HOST_CERT = "host.crt";
    public static final String HOST_KEY = "host.key";

    /** PEM text: trusted CA, then the chain, then the key (how ssh-launched agents receive it). */
    public String toPem() {
        StringBuilder b = new StringBuilder(Pem.certificate(trusted));
        chain.forEach(c -> b.append(Pem.certificate(c)));
        return b.append(Pem.key(key)).toString();
    }

    public static TlsIdentity fromPem(String text, String source) throws IOException {
        List<X509Certificate> certs = new ArrayList<>();
        PrivateKey key = null;
        for (Pem.Block b : Pem.decode(text, source)) {
            if (b.type().equals(Pem.CERTIFICATE)) {
                certs.add(Pem.toCertificate(b.der(), source));
            } else if (b.type().equals(Pem.KEY)) {
                key = Pem.toKey(b.der(), source);
            }
        }
        if (certs.size() < 2 || key == null) {
            throw new IOException(source + ": TLS material needs the CA certificate, the host certificate and its key");
        }
        return new TlsIdentity(key, List.copyOf(certs.subList(1, certs.size())), certs.get(0));
    }

    /** Reads ca.crt, host.crt, host.key from {@code dir}; the key must be readable by its owner only. */
    public static TlsIdentity load(Path dir) throws IOException {
        Path key = dir.resolve(HOST_KEY);
        for (Path p : List.of(dir.resolve(CA_CERT), dir.resolve(HOST_CERT), key)) {
            if (!Files.isReadable(p)) {
                throw new IOException("no TLS material: " + p + " missing (create it with: sfs agent --init-tls " + dir
                        + "; see docs/security.md)");
            }
        }
        ownerOnly(key);
        String text = Files.readString(dir.resolve(CA_CERT), StandardCharsets.US_ASCII)
                + Files.readString(dir.resolve(HOST_CERT), StandardCharsets.US_ASCII)
                + Files.readString(key, StandardCharsets.US_ASCII);
        return fromPem(text, dir.toString());
    }

    /** Writes ca.crt, host.crt and host.key (0600) into {@code dir}. */
    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(CA_CERT), Pem.certificate(trusted), StandardCharsets.US_ASCII);
        StringBuilder c = new StringBuilder();
        chain.forEach(x -> c.append(Pem.certificate(x)));
        Files.writeString(dir.resolve(HOST_CERT), c, StandardCharsets.US_ASCII);
        writePrivate(dir.resolve(HOST_KEY), Pem.key(key));
    }

    /** The CA of {@code dir} (ca.crt + ca.key), or null when the folder has no CA key. */
    public static CertificateAuthority loadAuthority(Path dir) throws IOException {
        Path key = dir.resolve(CA_KEY);
        if (!Files.exists(key)) {
            return null;
        }
        ownerOnly(key);
        List<Pem.Block> k = Pem.decode(Files.readString(key, StandardCharsets.US_ASCII), key.toString());
        List<Pem.Block> c = Pem.decode(Files.readString(dir.resolve(CA_CERT), StandardCharsets.US_ASCII),
                dir.resolve(CA_CERT).toString());
        if (k.isEmpty() || c.isEmpty()) {
            throw new IOException(dir + ": " + CA_KEY + " or " + CA_CERT + " holds no PEM block");
        }
        return new CertificateAuthority(Pem.toKey(k.get(0).der(), key.toString()),
                Pem.toCertificate(c.get(0).der(), dir.resolve(CA_CERT).toString()));
    }

    /** Writes the CA's ca.crt and ca.key (0600) into {@code dir}. */
    public static void writeAuthority(CertificateAuthority ca, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(CA_CERT), Pem.certificate(ca.certificate()), StandardCharsets.US_ASCII);
        writePrivate(dir.resolve(CA_KEY), Pem.key(ca.key()));
    }

    /**
     * A TLS context presenting whichever of {@code identities} the other end's CA issued, and
     * accepting only certificates issued by one of their CAs.
     */
    public static SSLContext context(List<TlsIdentity> identities) {
        try {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            char[] none = new char[0];
            for (int i = 0; i < identities.size(); i++) {
                TlsIdentity id = identities.get(i);
                keys.setKeyEntry("host" + i, id.key(), none, id.chain().toArray(new Certificate[0]));
                trust.setCertificateEntry("ca" + i, id.trusted());
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance("PKIX");
            kmf.init(keys, none);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(trust);
            SSLContext c = SSLContext.getInstance("TLSv1.3");
            c.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
            return c;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot build the TLS context of agent connections: " + e.getMessage(), e);
        }
    }

    private static void ownerOnly(Path p) throws IOException {
        PrivateFiles.checkOwnerOnly(p, "a private key");
    }

    private static void writePrivate(Path p, String text) throws IOException {
        Files.deleteIfExists(p);
        PrivateFiles.create(p);
        Files.writeString(p, text, StandardCharsets.US_ASCII);
    }
}
