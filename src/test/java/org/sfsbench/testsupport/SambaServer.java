package org.sfsbench.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A Samba smbd on loopback, started and stopped through src/test/servers/samba.sh, and the
 * engine configuration that points at it. Each test uses its own free port and folder, and stops
 * its instance: the shared one (/tmp/sfs-samba) would keep port 445 (samba.sh) from the others.
 */
public final class SambaServer {
    public final Path dir;
    public final int port;
    public final Map<String, String> env = new HashMap<>();
    private final ServerScript script;

    private SambaServer(Path dir, int port, Map<String, String> settings) {
        this.dir = dir;
        this.port = port;
        // start may queue up to 150 s for port 445 behind another test smbd (samba.sh)
        this.script = new ServerScript("samba.sh", settings, 240);
    }

    private static SambaServer instance(String name, int port, boolean also445) {
        Path dir = Path.of("/tmp/sfs-samba-" + name + "-" + port);
        Map<String, String> settings = new HashMap<>(Map.of("SFS_SAMBA_DIR", dir.toString(),
                "SFS_SAMBA_PORT", Integer.toString(port)));
        if (!also445) {
            settings.put("SFS_SAMBA_ALSO_445", "0");
        }
        return new SambaServer(dir, port, settings);
    }

    /** Starts a new instance on a free high port, in its own folder. */
    public static SambaServer start(String name) throws IOException, InterruptedException {
        return start(name, ServerScript.freeLoopbackPort());
    }

    /** A new instance that does not listen on port 445 (so libsmbclient cannot read security descriptors). */
    public static SambaServer startWithout445(String name) throws IOException, InterruptedException {
        return startWithout445(name, ServerScript.freeLoopbackPort());
    }

    /** The instance of this name and port, not listening on 445: it never queues behind another test smbd. */
    public static SambaServer startWithout445(String name, int port) throws IOException, InterruptedException {
        return instance(name, port, false).start();
    }

    /** (Re)starts the instance of this name and port. */
    public static SambaServer start(String name, int port) throws IOException, InterruptedException {
        return instance(name, port, true).start();
    }

    /** Starts the server (a running one is kept) and reads the variables of its env file. */
    public SambaServer start() throws IOException, InterruptedException {
        Map<String, String> published = script.start(dir);
        env.clear();
        env.putAll(published);
        return this;
    }

    public void stop() throws IOException, InterruptedException {
        script.require("stop");
    }

    /** Stops the server and removes its folder (configuration, state, logs, share). */
    public void stopAndRemove() throws IOException, InterruptedException {
        stop();
        TempTree.remove(dir);
    }

    public String password() {
        return env.get("PASSWORD");
    }

    /** \\127.0.0.1:port\share */
    public String target(String share) {
        return "\\\\127.0.0.1:" + port + "\\" + share;
    }

    /**
     * Engine configuration (docs/engine.md keys) for the sfs2008-cifs workload on this server, through
     * SMB client library {@code client} (libsmb2, libsmbclient; "" = the engine's default).
     */
    public String config(String client, int procs, double ratePerProc, String root, String password,
            String share) {
        return String.join("\n",
                "backend=smb",
                client.isEmpty() ? "" : "smb_client=" + client,
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

    public String config(String client, int procs, double ratePerProc, String root) {
        return config(client, procs, ratePerProc, root, password(), env.get("SHARE"));
    }

    /** {@link #config(String, int, double, String)} with the engine's default client. */
    public String config(int procs, double ratePerProc, String root) {
        return config("", procs, ratePerProc, root);
    }
}
