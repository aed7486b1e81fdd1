package org.sfsbench.tls;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;

/**
 * The small certificate authority of a benchmark installation (or of one run): an EC P-256 key
 * and a self-signed certificate that issues the host keys of the prime client and its agents.
 * Only certificates it issued are accepted on agent connections.
 */
public record CertificateAuthority(PrivateKey key, X509Certificate certificate) {
    private static final String SIGNATURE = "SHA256withECDSA";
    private static final String ECDSA_SHA256 = "1.2.840.10045.4.3.2";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A new CA named {@code name}, valid for {@code validity}. */
    public static CertificateAuthority create(String name, Duration validity) {
        KeyPair kp = newKey();
        byte[] ext = Der.seq(
                extension("2.5.29.19", true, Der.seq(Der.bool(true))),
                extension("2.5.29.15", true, Der.bits(1, new byte[] {0x06})));
        return new CertificateAuthority(kp.getPrivate(),
                sign(kp.getPrivate(), name, name, kp.getPublic(), validity, ext));
    }

    /** A key and certificate for host {@code name}, good for both ends of a mutual-TLS connection. */
    public TlsIdentity issue(String name, Duration validity) {
        KeyPair kp = newKey();
        byte[] ext = Der.seq(
                extension("2.5.29.19", true, Der.seq()),
                extension("2.5.29.15", true, Der.bits(7, new byte[] {(byte) 0x80})),
                extension("2.5.29.37", false, Der.seq(Der.oid("1.3.6.1.5.5.7.3.1"), Der.oid("1.3.6.1.5.5.7.3.2"))));
        X509Certificate c = sign(key, issuerName(), name, kp.getPublic(), validity, ext);
        return new TlsIdentity(kp.getPrivate(), List.of(c, certificate), certificate);
    }

    private String issuerName() {
        String dn = certificate.getSubjectX500Principal().getName();
        return dn.startsWith("CN=") ? dn.substring(3) : dn;
    }

    private static KeyPair newKey() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("EC P-256 keys unavailable", e);
        }
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
        return critical ? Der.seq(Der.oid(oid), Der.bool(true), Der.octets(value)) : Der.seq(Der.oid(oid), Der.octets(value));
    }

    private static byte[] name(String cn) {
        return Der.seq(Der.set(Der.seq(Der.oid("2.5.4.3"), Der.utf8(cn))));
    }

    private static X509Certificate sign(PrivateKey signer, String issuer, String subject, PublicKey pub,
            Duration validity, byte[] extensions) {
        ZonedDateTime now = ZonedDateTime.now();
        byte[] alg = Der.seq(Der.oid(ECDSA_SHA256));
        byte[] tbs = Der.seq(
                Der.explicit(0, Der.integer(BigInteger.TWO)),
                Der.integer(new BigInteger(64, RANDOM).add(BigInteger.ONE)),
                alg,
                name(issuer),
                Der.seq(Der.time(now.minusHours(1)), Der.time(now.plus(validity))),
                name(subject),
                pub.getEncoded(),
                Der.explicit(3, extensions));
        try {
            Signature s = Signature.getInstance(SIGNATURE);
            s.initSign(signer);
            s.update(tbs);
            byte[] der = Der.seq(tbs, alg, Der.bits(0, s.sign()));
            return (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a certificate for " + subject, e);
        }
    }
}
