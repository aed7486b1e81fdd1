package org.sfsbench.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** PEM text of certificates and PKCS#8 keys, the form TLS material is kept and sent in. */
final class Pem {
    static final String CERTIFICATE = "CERTIFICATE";
    static final String KEY = "PRIVATE KEY";
    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN ([A-Z ]+)-----\\s*([A-Za-z0-9+/=\\s]*?)-----END \\1-----");

    record Block(String type, byte[] der) {
    }

    private Pem() {
    }

    static String encode(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    static String certificate(X509Certificate c) {
        try {
            return encode(CERTIFICATE, c.getEncoded());
        } catch (CertificateException e) {
            throw new IllegalStateException(e);
        }
    }

    static String key(PrivateKey k) {
        return encode(KEY, k.getEncoded());
    }

    /** Every PEM block of {@code text}; {@code source} names it in errors. */
    static List<Block> decode(String text, String source) throws IOException {
        List<Block> out = new ArrayList<>();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            try {
                out.add(new Block(m.group(1), Base64.getMimeDecoder().decode(m.group(2))));
            } catch (IllegalArgumentException e) {
                throw new IOException(source + ": a " + m.group(1) + " block is not valid base64");
            }
        }
        return out;
    }

    static X509Certificate toCertificate(byte[] der, String source) throws IOException {
        try {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
        } catch (CertificateException e) {
            throw new IOException(source + ": not an X.509 certificate: " + e.getMessage());
        }
    }

    static PrivateKey toKey(byte[] der, String source) throws IOException {
        try {
            return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException e) {
            throw new IOException(source + ": not a PKCS#8 EC private key: " + e.getMessage());
        }
    }
}
