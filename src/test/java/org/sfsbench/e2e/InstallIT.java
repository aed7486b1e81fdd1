package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * {@code sfs install DEST}, then the guide's own way of running: {@code cd DEST/manager && java
 * SfsManager -r sfs_rc -s suffix}, with nothing but the JDK's default class path.
 */
class InstallIT {

    @Test
    void reinstallingMakesAReadableSecretPrivateAndSaysSo(@TempDir Path dir) throws Exception {
        Path dest = dir.resolve("sfs2008");
        assertEquals(0, Sfs.start(dir.resolve("first.txt"), Map.of(), "install", dest.toString()).waitFor(60));
        Path secret = dest.resolve("policy/agent.secret");
        String before = Files.readString(secret);
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        ChildProcess again = Sfs.start(dir.resolve("again.txt"), Map.of(), "install", dest.toString());
        assertEquals(0, again.waitFor(60), again.output());
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(secret), "the secret is private again");
        assertTrue(again.output().contains(secret + " was mode rw-r--r--: now rw-------"), again.output());
        assertEquals(before, Files.readString(secret), "the secret itself is kept");
    }

    @Test
    void installedTreeRunsSfsManagerAsInTheGuide(@TempDir Path dir) throws Exception {
        Path dest = dir.resolve("sfs2008");
        ChildProcess install = Sfs.start(dir.resolve("install.txt"), Map.of(), "install", dest.toString());
        assertEquals(0, install.waitFor(60), install.output());
        for (String f : new String[] {"manager/SfsManager.class", "manager/SpecInstall.class", "manager/lib/sfsbench.jar",
            "manager/sfs_nfs_rc", "manager/sfs_cifs_rc", "manager/sfs_posix_rc", "bin/sfs", "results", "docs",
            "policy/agent.secret"}) {
            assertTrue(Files.exists(dest.resolve(f)), f + " missing in the installed tree");
        }
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(dest.resolve("policy/agent.secret")), "the secret is private");

        Path fs = dir.resolve("fs");
        Files.createDirectories(fs);
        Path manager = dest.resolve("manager");
        String template = Files.readString(manager.resolve("sfs_posix_rc"), StandardCharsets.UTF_8);
        StringBuilder rc = new StringBuilder();
        for (String line : template.split("\n")) {
            if (line.startsWith("MNT_POINTS=")) {
                line = "MNT_POINTS=\"" + fs + " " + fs + "\"";
            } else if (line.startsWith("LOAD=")) {
                line = "LOAD=\"20\"";
            } else if (line.startsWith("WARMUP_TIME=")) {
                line = "WARMUP_TIME=1";
            } else if (line.startsWith("RUNTIME=")) {
                line = "RUNTIME=3";
            }
            rc.append(line).append('\n');
        }
        rc.append("AGENT_PORT=").append(22000 + (int) (ProcessHandle.current().pid() % 20000)).append('\n');
        Files.writeString(manager.resolve("sfs_rc"), rc.toString());

        ProcessBuilder pb = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "SfsManager", "-r", "sfs_rc", "-s", "guide"));
        pb.directory(manager.toFile());
        pb.environment().remove("CLASSPATH");
        pb.environment().put("CI", "true");
        pb.redirectErrorStream(true);
        Path out = dir.resolve("run.txt");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "SfsManager did not finish");
        String text = Files.readString(out);
        assertEquals(0, p.exitValue(), text);
        List<String> rows = Files.readAllLines(dest.resolve("results/sfssum.guide"));
        assertEquals(1, rows.size(), text);
        assertTrue(rows.get(0).trim().startsWith("20 "), rows.get(0));
        assertTrue(Sfs.leftovers(dest.toString()).isEmpty(), "processes left behind");
    }
}
