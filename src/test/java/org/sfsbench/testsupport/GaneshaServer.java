package org.sfsbench.testsupport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * An NFS-Ganesha on loopback, started and stopped through src/test/servers/ganesha.sh. A private
 * instance gets its own folder and free ports, so tests of several worktrees can run side by
 * side; its targets use the nfs:// form with explicit ports, which does not depend on the
 * (shared) portmapper registration.
 */
public final class GaneshaServer {
    public final Path dir;
    public final Map<String, String> env = new HashMap<>();
    private final ServerScript script;

    /** A private instance in {@code dir} on free ports. */
    public GaneshaServer(Path dir) throws IOException {
        this(dir, "127.0.0.1");
    }

    /** A private instance in {@code dir} on free ports of {@code address}, an address of this host. */
    public GaneshaServer(Path dir, String address) throws IOException {
        this.dir = dir;
        this.script = new ServerScript("ganesha.sh", Map.of("SFS_GANESHA_DIR", dir.toString(),
                "SFS_GANESHA_HOST", address,
                "SFS_GANESHA_PORT", Integer.toString(ServerScript.freeLoopbackPort()),
                "SFS_GANESHA_MNT_PORT", Integer.toString(ServerScript.freeLoopbackPort())), 120);
    }

    private GaneshaServer() {
        this.dir = Path.of("/tmp/sfs-ganesha");
        this.script = new ServerScript("ganesha.sh", Map.of(), 120);
    }

    /** The shared instance (/tmp/sfs-ganesha, port 2049), the one the portmapper maps. */
    public static GaneshaServer defaultInstance() {
        return new GaneshaServer();
    }

    /** Starts the server (a running one is kept) and reads the variables of its env file. */
    public GaneshaServer start() throws IOException, InterruptedException {
        Map<String, String> published = script.start(dir);
        env.clear();
        env.putAll(published);
        return this;
    }

    public void stop() throws IOException, InterruptedException {
        script.require("stop");
    }

    /** nfs://127.0.0.1/export?nfsport=N&mountport=M */
    public String url() {
        return env.get("SFS_NFS_URL");
    }

    /** 127.0.0.1:/export (found through the portmapper) */
    public String target() {
        return env.get("SFS_NFS_TARGET");
    }

    public long pid() {
        return Long.parseLong(env.get("SFS_GANESHA_PID"));
    }

    public int port() {
        return Integer.parseInt(env.get("SFS_NFS_PORT"));
    }

    public Path exportDir() {
        return Path.of(env.get("SFS_NFS_EXPORT_DIR"));
    }
}
