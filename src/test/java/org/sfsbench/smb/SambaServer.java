package org.sfsbench.smb;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private Samba smbd on loopback, started and stopped through src/test/servers/samba.sh, and
 * the engine configuration that points at it. Each test class uses its own free port and folder.
 */
final class SambaServer {
    final Path dir;
    final int port;
    private boolean without445;
    final Map<String, String> env = new HashMap<>();

    private SambaServer(Path dir, int port) {
        this.dir = dir;
        this.port = port;
    }

    /** Starts a new instance on a free high port, in its own folder. */
    static SambaServer start(String name) throws IOException, InterruptedException {
        return start(name, freePort());
    }

    /** A new instance that does not listen on port 445 (so libsmbclient cannot read security descriptors). */
    static SambaServer startWithout445(String name) throws IOException, InterruptedException {
        int port = freePort();
        SambaServer s = new SambaServer(Path.of("/tmp/sfs-samba-" + name + "-" + port), port);
        s.without445 = true;
        return s.started();
    }

    /** (Re)starts the instance of this name and port. */
    static SambaServer start(String name, int port) throws IOException, InterruptedException {
        return new SambaServer(Path.of("/tmp/sfs-samba-" + name + "-" + port), port).started();
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    private SambaServer started() throws IOException, InterruptedException {
        script("start");
        for (String line : Files.readAllLines(dir.resolve("env"), StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                env.put(line.substring(0, eq), line.substring(eq + 1).replace("'", ""));
            }
        }
        return this;
    }

    void stop() throws IOException, InterruptedException {
        script("stop");
    }

    /** Stops the server and removes its folder (configuration, state, logs, share). */
    void stopAndRemove() throws IOException, InterruptedException {
        stop();
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    String password() {
        return env.get("PASSWORD");
    }

    /** \\127.0.0.1:port\share */
    String target(String share) {
        return "\\\\127.0.0.1:" + port + "\\" + share;
    }

    /**
     * Engine configuration (docs/engine.md keys) for the sfs2008-cifs workload on this server, through
     * SMB client library {@code client} (libsmb2, libsmbclient).
     */
    String config(String client, int procs, double ratePerProc, String root, String password, String share) {
        return String.join("\n",
                "backend=smb",
                "smb_client=" + client,
                "workload=sfs2008-cifs",
                "procs=" + procs,
                "target.0=" + target(share),
                "root=" + root,
                "rate=" + ratePerProc,
                "fileset_scale=0.002",
                "username=" + env.get("USER"),
                "password=" + password,
                "domain=" + env.get("DOMAIN"),
                "");
    }

    String config(String client, int procs, double ratePerProc, String root) {
        return config(client, procs, ratePerProc, root, password(), env.get("SHARE"));
    }

    private void script(String verb) throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("sfs.home", "."), "src/test/servers/samba.sh");
        ProcessBuilder pb = new ProcessBuilder(List.of("bash", script.toString(), verb));
        pb.environment().put("SFS_SAMBA_DIR", dir.toString());
        pb.environment().put("SFS_SAMBA_PORT", Integer.toString(port));
        if (without445) {
            pb.environment().put("SFS_SAMBA_ALSO_445", "0");
        }
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        // start may queue up to 150 s for port 445 behind another test smbd (samba.sh)
        if (!p.waitFor(240, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("samba.sh " + verb + " failed: " + out);
        }
    }
}
