package org.sfsbench.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Which process listens on a TCP port (Linux /proc), to name it when a port is taken. */
public final class PortOwner {
    private static final String LISTEN = "0A";

    private PortOwner() {
    }

    /** "process N (command)" of the listener on {@code port}, or "another process" when it cannot be found. */
    public static String describe(int port) {
        return find(port).map(pid -> "process " + pid + ProcessHandle.of(pid)
                .flatMap(h -> h.info().command()).map(c -> " (" + Path.of(c).getFileName() + ")").orElse(""))
                .orElse("another process");
    }

    /** The pid of a process holding a listening socket on {@code port} in this network namespace. */
    public static Optional<Long> find(int port) {
        Set<String> inodes = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                for (String line : Files.readAllLines(Path.of(table), StandardCharsets.US_ASCII)) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9 && f[1].contains(":") && f[3].equals(LISTEN)
                            && f[1].substring(f[1].indexOf(':') + 1).equals(String.format(Locale.ROOT, "%04X", port))) {
                        inodes.add("socket:[" + f[9] + "]");
                    }
                }
            } catch (IOException e) {
                // no such table (no IPv6, not Linux)
            }
        }
        if (inodes.isEmpty()) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path proc : procs) {
                try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve("fd"))) {
                    for (Path fd : fds) {
                        if (inodes.contains(Files.readSymbolicLink(fd).toString())) {
                            return Optional.of(Long.parseLong(proc.getFileName().toString()));
                        }
                    }
                } catch (IOException e) {
                    // gone, or not ours to look at
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
