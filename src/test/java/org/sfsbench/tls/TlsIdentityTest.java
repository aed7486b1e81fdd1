package org.sfsbench.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SignatureException;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsIdentityTest {
    @Test
    void issuedCertificateChainsToItsCaAndSurvivesPemAndDisk(@TempDir Path dir) throws Exception {
        CertificateAuthority ca = CertificateAuthority.create("test CA", Duration.ofDays(1));
        TlsIdentity host = ca.issue("client5", Duration.ofDays(1));
        host.chain().get(0).verify(ca.certificate().getPublicKey());
        assertEquals(0, host.chain().get(0).getBasicConstraints() + 1, "end entity, not a CA");
        assertTrue(ca.certificate().getBasicConstraints() >= 0, "the CA may sign");
        assertEquals("CN=client5", host.chain().get(0).getSubjectX500Principal().getName());

        TlsIdentity back = TlsIdentity.fromPem(host.toPem(), "test");
        assertEquals(host.chain(), back.chain());
        assertEquals(host.trusted(), back.trusted());

        host.write(dir);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("host.key"))));
        assertEquals(host.chain(), TlsIdentity.load(dir).chain());

        CertificateAuthority other = CertificateAuthority.create("other CA", Duration.ofDays(1));
        assertThrows(SignatureException.class, () -> host.chain().get(0).verify(other.certificate().getPublicKey()));
    }

    @Test
    void looseKeyFileIsRefused(@TempDir Path dir) throws Exception {
        CertificateAuthority.create("test CA", Duration.ofDays(1)).issue("h", Duration.ofDays(1)).write(dir);
        Files.setPosixFilePermissions(dir.resolve("host.key"), PosixFilePermissions.fromString("rw-r--r--"));
        IOException e = assertThrows(IOException.class, () -> TlsIdentity.load(dir));
        assertTrue(e.getMessage().contains("lets other users read a private key"), e.getMessage());
    }
}
