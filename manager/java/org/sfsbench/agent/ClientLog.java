package org.sfsbench.agent;

import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.sfsbench.results.Timestamps;

/**
 * The client log (the guide's sfsc_log), kept on the client until the manager collects it.
 * Worker output and the engine's debug log are appended to it as well.
 */
public final class ClientLog {
    private final Path file;
    /** Where the current manager session's part of the file starts (an agent outlives runs). */
    private long sessionStart;
    private boolean firstSessionSeen;

    public ClientLog(Path file) throws IOException {
        this.file = file;
        Files.createDirectories(file.getParent());
        if (!Files.exists(file)) {
            Files.createFile(file);
        }
        sessionStart = Files.size(file); // a work folder reused by an earlier agent keeps its old lines
    }

    public Path file() {
        return file;
    }

    public synchronized void line(String text) {
        try {
            Files.writeString(file, Timestamps.now() + " " + text + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("sfs agent: cannot write client log " + file + ": " + e.getMessage());
        }
    }

    public synchronized void appendFile(Path other, String title) {
        try {
            if (Files.isRegularFile(other) && Files.size(other) > 0) {
                line("---- " + title + " ----");
                Files.write(file, Files.readAllBytes(other), StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            line("cannot append " + other + ": " + e.getMessage());
        }
    }

    /**
     * Starts a new session: {@link #read()} returns only what is written from now on (the first
     * session also gets this agent's start-up lines).
     */
    public synchronized void startSession(String text) throws IOException {
        if (firstSessionSeen) {
            sessionStart = Files.size(file);
        }
        firstSessionSeen = true;
        line(text);
    }

    /** The current session's part of the log. */
    public synchronized String read() throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            ch.position(sessionStart);
            return new String(Channels.newInputStream(ch).readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
