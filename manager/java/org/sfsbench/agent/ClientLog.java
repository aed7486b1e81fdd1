package org.sfsbench.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The client log (the guide's sfsc_log), kept on the client until the manager collects it.
 * Worker output and the engine's debug log are appended to it as well.
 */
public final class ClientLog {
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private final Path file;

    public ClientLog(Path file) throws IOException {
        this.file = file;
        Files.createDirectories(file.getParent());
        if (!Files.exists(file)) {
            Files.createFile(file);
        }
    }

    public Path file() {
        return file;
    }

    public synchronized void line(String text) {
        try {
            Files.writeString(file, LocalDateTime.now().format(TS) + " " + text + "\n", StandardCharsets.UTF_8,
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

    public synchronized String read() throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
