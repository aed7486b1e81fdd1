package org.sfsbench.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.sfsbench.tls.CertificateAuthority;
import org.sfsbench.tls.TlsIdentity;

/** Creating the TLS material of an installation: {@code sfs install} and {@code sfs agent --init-tls}. */
final class TlsSetup {
    /** Installed keys last long: a benchmark installation is not re-keyed by the calendar. */
    static final Duration VALIDITY = Duration.ofDays(3650);

    private TlsSetup() {
    }

    /**
     * Writes ca.crt, host.crt, host.key into {@code dir}, signed by the CA of {@code caDir}, else
     * of {@code installed} when it has a CA key, else by a new CA kept in {@code dir}.
     */
    static int initTls(Path dir, Path caDir, Path installed, String hostName) {
        try {
            CertificateAuthority ca;
            String from;
            if (caDir != null) {
                ca = TlsIdentity.loadAuthority(caDir);
                if (ca == null) {
                    System.err.println("sfs agent: --ca " + caDir + ": no " + TlsIdentity.CA_KEY + " there");
                    return 2;
                }
                from = "the CA of " + caDir;
            } else if (!sameFolder(dir, installed) && TlsIdentity.loadAuthority(installed) != null) {
                ca = TlsIdentity.loadAuthority(installed);
                from = "the CA of " + installed;
            } else {
                ca = authorityIn(dir);
                from = "the CA in " + dir;
            }
            String name = hostName != null ? hostName : InetAddress.getLocalHost().getHostName();
            ca.issue(name, VALIDITY).write(dir);
            System.out.println("sfs agent: TLS key and certificate for " + name + " in " + dir + ", signed by " + from);
            return 0;
        } catch (IOException e) {
            System.err.println("sfs agent: --init-tls " + dir + ": " + e.getMessage());
            return 2;
        }
    }

    /** The CA kept in {@code dir}, created there if it has none. */
    static CertificateAuthority authorityIn(Path dir) throws IOException {
        CertificateAuthority ca = TlsIdentity.loadAuthority(dir);
        if (ca == null) {
            ca = CertificateAuthority.create("sfsbench CA " + InetAddress.getLocalHost().getHostName(), VALIDITY);
            TlsIdentity.writeAuthority(ca, dir);
        }
        return ca;
    }

    private static boolean sameFolder(Path a, Path b) throws IOException {
        return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    }
}
