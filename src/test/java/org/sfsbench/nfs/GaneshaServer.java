package org.sfsbench.nfs;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A private NFS-Ganesha on loopback, started and stopped through
 * src/test/servers/ganesha.sh. Each instance gets its own folder and free
 * ports, so tests of several worktrees can run side by side; targets use the
 * nfs:// form with explicit ports, which does not depend on the (shared)
 * portmapper registration.
 */
final class GaneshaServer {
    final Path dir;
    final Map<String, String> env = new HashMap<>();
    private final Path script;
    private final Map<String, String> scriptEnv = new HashMap<>();

    GaneshaServer(Path home, Path dir) throws IOException {
        this.dir = dir;
        this.script = home.resolve("src/test/servers/ganesha.sh");
        scriptEnv.put("SFS_GANESHA_DIR", dir.toString());
        scriptEnv.put("SFS_GANESHA_PORT", Integer.toString(freePort()));
        scriptEnv.put("SFS_GANESHA_MNT_PORT", Integer.toString(freePort()));
    }

    private GaneshaServer(Path home) {
        this.dir = Path.of("/tmp/sfs-ganesha");
        this.script = home.resolve("src/test/servers/ganesha.sh");
    }

    /** The default instance (/tmp/sfs-ganesha, port 2049), the one the portmapper maps. */
    static GaneshaServer defaultInstance(Path home) {
        return new GaneshaServer(home);
    }

    boolean running() throws IOException, InterruptedException {
        return run("status").exit == 0;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    void start() throws IOException, InterruptedException {
        Proc.Result r = run("start");
        if (r.exit != 0) {
            throw new IOException("ganesha.sh start failed (" + r.exit + "): " + r.output);
        }
        env.clear();
        for (String line : Files.readAllLines(dir.resolve("env"), StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                env.put(line.substring(0, eq), line.substring(eq + 1).replace("'", ""));
            }
        }
    }

    void stop() throws IOException, InterruptedException {
        run("stop");
    }

    /** nfs://127.0.0.1/export?nfsport=N&mountport=M */
    String url() {
        return env.get("SFS_NFS_URL");
    }

    /** 127.0.0.1:/export (found through the portmapper) */
    String target() {
        return env.get("SFS_NFS_TARGET");
    }

    long pid() {
        return Long.parseLong(env.get("SFS_GANESHA_PID"));
    }

    int port() {
        return Integer.parseInt(env.get("SFS_NFS_PORT"));
    }

    Path exportDir() {
        return Path.of(env.get("SFS_NFS_EXPORT_DIR"));
    }

    private Proc.Result run(String verb) throws IOException, InterruptedException {
        return Proc.run(List.of(script.toString(), verb), scriptEnv, 60, TimeUnit.SECONDS);
    }
}
