package org.sfsbench.live;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * What {@code --live} and {@code --live-file} start for one run: the figures ({@link LiveState}),
 * the page and /metrics ({@link LiveServer}) and the JSON-lines file. It is the run's
 * {@link LiveListener}; closing it ends them.
 */
public final class LiveRun implements LiveListener, AutoCloseable {
    /** How long the page stays after the run, so a browser polling once a second gets the headline. */
    private static final long LINGER_MS = 2500;

    private final LiveState state;
    private final LiveServer server;
    private final BufferedWriter file;
    private final Consumer<String> console;
    private volatile boolean fileFailed;

    private LiveRun(LiveAddress address, Path file, Consumer<String> console) throws IOException {
        this.console = console;
        this.file = file == null ? null : Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        this.state = new LiveState(this.file == null ? null : this::writeLine);
        LiveServer s = null;
        try {
            s = address == null ? null : LiveServer.start(address, state);
        } catch (IOException e) {
            if (this.file != null) {
                this.file.close();
            }
            throw new IOException("--live " + address.text() + ": " + e.getMessage(), e);
        }
        this.server = s;
    }

    /**
     * Starts what is asked for (either may be null); the page's address is said on the console.
     *
     * @throws IOException when the port cannot be bound or the file not created
     */
    public static LiveRun start(LiveAddress address, Path file, Consumer<String> console) throws IOException {
        LiveRun r = new LiveRun(address, file, console);
        if (r.server != null) {
            console.accept("live page: " + r.server.url() + "  (metrics: " + r.server.url().replaceFirst("/(\\?|$)",
                    "/metrics$1") + ")");
        }
        return r;
    }

    /** The page's address, null without {@code --live}. */
    public String url() {
        return server == null ? null : server.url();
    }

    private synchronized void writeLine(String line) {
        if (fileFailed) {
            return;
        }
        try {
            file.write(line);
            file.write('\n');
            file.flush();
        } catch (IOException e) {
            fileFailed = true;
            console.accept("--live-file: writing stopped: " + e.getMessage());
        }
    }

    @Override
    public void tick(LiveTick tick) {
        state.tick(tick);
    }

    @Override
    public void pointFinished(FinishedPoint point) {
        state.pointFinished(point);
    }

    @Override
    public void server(ServerSecond second) {
        state.server(second);
    }

    @Override
    public void runFinished(String headline, boolean complete) {
        state.runFinished(headline, complete);
    }

    @Override
    public void close() {
        if (server != null) {
            try {
                Thread.sleep(LINGER_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            server.close();
        }
        if (file != null) {
            synchronized (this) {
                try {
                    file.close();
                } catch (IOException e) {
                    console.accept("--live-file: " + e.getMessage());
                }
            }
        }
    }
}
