package org.sfsbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.Callable;

import org.sfsbench.rmi.Secrets;
import org.sfsbench.tls.PrivateFiles;
import org.sfsbench.tls.TlsIdentity;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code sfs install DEST} (the guide's {@code java SpecInstall "destination_directory"}): lays out
 * an installed tree in which {@code cd DEST/manager && java SfsManager -r sfs_rc} runs.
 */
@Command(name = "install", mixinStandardHelpOptions = true,
        description = {
            "Install sfsbench into a folder (the guide's java SpecInstall).",
            "",
            "DEST gets manager/ (SfsManager and SpecInstall entry points, libraries in",
            "manager/lib, the rc templates sfs_nfs_rc, sfs_cifs_rc, sfs_posix_rc, mix",
            "files), bin/sfs, policy/ (a fresh agent secret, and in policy/tls a new CA",
            "and this host's TLS key), results/ and docs/.",
        },
        footer = {
            "",
            "Example:",
            "  sfs install /opt/sfsbench",
            "  cd /opt/sfsbench/manager && cp sfs_posix_rc sfs_rc && vi sfs_rc",
            "  java SfsManager -r sfs_rc -s first"
        })
public final class InstallCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DEST", description = "Destination directory (created if missing).")
    Path dest;

    @Override
    public Integer call() throws IOException {
        Path home = Path.of(System.getProperty("sfs.home", ".")).toAbsolutePath().normalize();
        List<Path> jars = libraries();
        if (jars.isEmpty()) {
            System.err.println("sfs install: cannot find the sfsbench libraries (run from a built or installed tree)");
            return 2;
        }
        Path d = dest.toAbsolutePath().normalize();
        Path manager = d.resolve("manager");
        Path lib = manager.resolve("lib");
        Files.createDirectories(lib);
        for (Path j : jars) {
            String name = j.getFileName().toString();
            if (name.startsWith("sfsbench") && name.endsWith(".jar")) {
                name = "sfsbench.jar";
            }
            Files.copy(j, lib.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
        // the dependency-free entry points, in the unnamed package, run with the default class path "."
        for (String cls : new String[] {"SfsManager", "SpecInstall"}) {
            try (InputStream in = InstallCommand.class.getResourceAsStream("/" + cls + ".class")) {
                if (in == null) {
                    System.err.println("sfs install: " + cls + ".class missing from the build");
                    return 2;
                }
                Files.copy(in, manager.resolve(cls + ".class"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        copyTree(home.resolve("templates"), manager);
        copyTree(home.resolve("docs"), d.resolve("docs"));
        copyTree(home.resolve("policy"), d.resolve("policy"));
        Files.createDirectories(d.resolve("results"));
        Path bin = d.resolve("bin");
        Files.createDirectories(bin);
        Path launcher = home.resolve("bin/sfs");
        if (Files.isRegularFile(launcher)) {
            Files.copy(launcher, bin.resolve("sfs"), StandardCopyOption.REPLACE_EXISTING);
            bin.resolve("sfs").toFile().setExecutable(true, false);
        }
        try (InputStream in = InstallCommand.class.getResourceAsStream("sfs.cmd")) {
            if (in != null) {
                Files.copy(in, bin.resolve("sfs.cmd"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        boolean windows = System.getProperty("os.name", "").startsWith("Windows");
        Path java = d.resolve("java");
        if (windows && !Files.exists(java.resolve("bin/java.exe"))) {
            // the tree carries its runtime: the service and the manager's ssh launch run DEST\java\bin\java.exe
            copyTree(Path.of(System.getProperty("java.home")), java);
            System.out.println("  the Java runtime " + System.getProperty("java.home") + " copied to " + java);
        }
        Path secret = d.resolve("policy/agent.secret");
        if (!Files.exists(secret)) {
            Files.createDirectories(secret.getParent());
            PrivateFiles.create(secret);
            Files.writeString(secret, Secrets.generate() + "\n");
        } else {
            String was = PrivateFiles.tighten(secret, "the agent secret");
            if (was != null) {
                System.out.println("  " + secret + " was mode " + was + ": now rw------- (only its owner reads it);"
                        + " if others may have read it, make a new one: delete it, install again and copy it to"
                        + " every client");
            }
        }
        Path tls = d.resolve("policy/tls");
        if (!Files.exists(tls.resolve(TlsIdentity.HOST_KEY))) {
            TlsSetup.authorityIn(tls).issue(InetAddress.getLocalHost().getHostName(), TlsSetup.VALIDITY).write(tls);
        }
        System.out.println("sfsbench installed in " + d);
        System.out.println("  next: cd " + manager + " && cp sfs_posix_rc sfs_rc && java SfsManager -r sfs_rc -s first");
        System.out.println("  other clients: install the same tree, copy " + secret + " to them, and give each its");
        System.out.println("  TLS key: " + bin.resolve("sfs") + " agent --init-tls DIR --host-name NAME, then copy DIR to");
        System.out.println("  NAME's policy/tls (or let the manager start them over ssh: AGENT_START=ssh, SFS_DIR)");
        return 0;
    }

    /** This build's jar and its dependencies. */
    private static List<Path> libraries() throws IOException {
        try {
            Path self = Path.of(InstallCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(self)) {
                Path dir = self.getParent();
                Path deps = dir.resolve("lib");
                try (var s = Files.list(Files.isDirectory(deps) && !dir.endsWith("lib") ? deps : dir)) {
                    List<Path> all = new java.util.ArrayList<>(s.filter(p -> p.toString().endsWith(".jar")).toList());
                    if (!all.contains(self)) {
                        all.add(self);
                    }
                    return all;
                }
            }
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        return List.of();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (!file.getFileName().toString().equals("agent.secret") && !file.startsWith(from.resolve("tls"))) {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.REPLACE_EXISTING);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
