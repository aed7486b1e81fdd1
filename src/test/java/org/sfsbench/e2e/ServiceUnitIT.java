package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * {@code sfs agent --install-service}: the systemd unit is written (into a test folder, never
 * enabled or started here), passes {@code systemd-analyze verify}, and is removed again.
 */
class ServiceUnitIT {
    @Test
    void unitIsGeneratedVerifiedAndRemoved(@TempDir Path dir) throws Exception {
        Require.that(Files.isExecutable(Path.of("/usr/bin/systemd-analyze")), "systemd-analyze missing (bin/install-deps)");
        Path secret = dir.resolve("agent.secret");
        Files.createFile(secret, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(secret, "service-it-secret-0123456789\n");
        Path tls = dir.resolve("tls");
        assertEquals(0, Sfs.start(dir.resolve("tls.out"), Map.of(), "agent", "--init-tls", tls.toString()).waitFor(60));
        Path units = dir.resolve("units");
        ChildProcess install = Sfs.start(dir.resolve("install.out"), Map.of(), "agent", "--install-service", "--no-start",
                "--unit-dir", units.toString(), "--bind", "10.0.0.5", "--port", "50777", "--secret-file",
                secret.toString(), "--tls-dir", tls.toString(), "--work-dir", dir.resolve("work dir").toString());
        assertEquals(0, install.waitFor(60), install.output());
        Path unit = units.resolve("sfsbench-agent-50777.service");
        String text = Files.readString(unit);
        assertTrue(text.contains("agent --bind 10.0.0.5 --port 50777 --secret-file " + secret) && text.contains(
                "--tls on --tls-dir " + tls) && text.contains("\"" + dir.resolve("work dir") + "\""), text);

        Process verify = new ProcessBuilder("systemd-analyze", "verify", unit.toString()).redirectErrorStream(true).start();
        String out = new String(verify.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(verify.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, verify.exitValue(), out);
        assertFalse(out.contains(unit.getFileName().toString()), "systemd-analyze complains about the unit:\n" + out);

        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));
        ChildProcess loose = Sfs.start(dir.resolve("loose.out"), Map.of(), "agent", "--install-service", "--no-start",
                "--unit-dir", dir.resolve("units2").toString(), "--bind", "10.0.0.5", "--secret-file", secret.toString(),
                "--tls-dir", tls.toString());
        assertEquals(2, loose.waitFor(60), loose.output());
        assertTrue(loose.output().contains("lets other users read the agent secret"), loose.output());

        ChildProcess remove = Sfs.start(dir.resolve("remove.out"), Map.of(), "agent", "--uninstall-service", "--no-start",
                "--unit-dir", units.toString(), "--port", "50777");
        assertEquals(0, remove.waitFor(60), remove.output());
        assertFalse(Files.exists(unit));
    }
}
