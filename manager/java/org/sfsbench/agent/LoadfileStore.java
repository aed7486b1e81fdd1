package org.sfsbench.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;

import org.sfsbench.engine.EngineConfig;
import org.sfsbench.loadfile.LoadfileCopy;
import org.sfsbench.rmi.AgentException;

/**
 * The loadfiles that came with a load point, written into the agent's work folder for its workers'
 * engines (docs/loadfile.md): one, which every proc replays (engine key {@code loadfile}), or a set
 * of one per proc in a folder whose names sort in the procs' order ({@code loadfile_dir}). They are
 * removed once the engines have opened them: a work folder keeps no 26 MB file.
 */
final class LoadfileStore {
    private static final String PLAIN = "[A-Za-z0-9_][A-Za-z0-9._-]{0,99}";

    private final ClientLog log;
    private final Path dir;
    /** The file or folder the configs name; null when nothing is stored. */
    private Path stored;
    private boolean set;

    LoadfileStore(ClientLog log, Path workDir) {
        this.log = log;
        this.dir = workDir.resolve("loadfile");
    }

    /** Stores {@code copies} (none: nothing to replay). */
    void store(List<LoadfileCopy> copies) throws AgentException {
        drop();
        set = copies.size() > 1;
        try {
            if (copies.isEmpty()) {
                return;
            }
            Files.createDirectories(dir);
            if (!set) {
                stored = write(dir, nameOf(copies.get(0)), copies.get(0));
                return;
            }
            stored = dir.resolve("set");
            Files.createDirectories(stored);
            for (int i = 0; i < copies.size(); i++) {
                // the engine's proc i replays the i-th name in order; the name keeps the file's for messages
                write(stored, String.format(Locale.ROOT, "%05d-%s", i, nameOf(copies.get(i))), copies.get(i));
            }
        } catch (IOException e) {
            throw new AgentException("cannot store the loadfile" + (set ? "s" : "") + " from the manager in " + dir
                    + ": " + e.getMessage());
        }
    }

    /**
     * Points {@code c} at what {@link #store} wrote; refuses a config that names a loadfile itself
     * (an agent opens no loadfile path the manager names) or a loadfile workload without one.
     */
    void name(EngineConfig c) throws AgentException {
        for (String key : List.of("loadfile", "loadfile_dir")) {
            if (c.get(key) != null) {
                throw new AgentException("the engine config names a loadfile path (" + key + "=" + c.get(key)
                        + "): an agent replays only the loadfiles that come with the load point");
            }
        }
        if (stored != null) {
            c.set(set ? "loadfile_dir" : "loadfile", stored.toString());
        } else if ("loadfile".equals(c.get("workload"))) {
            throw new AgentException("workload=loadfile without its loadfile: the manager sends it with the load point");
        }
    }

    /** Removes what {@link #store} wrote. */
    void drop() {
        if (stored == null) {
            return;
        }
        try {
            if (set) {
                try (var files = Files.list(stored)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
                }
            }
            Files.deleteIfExists(stored);
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            log.line("cannot remove the loadfile copy " + stored + ": " + e.getMessage());
        }
        stored = null;
    }

    /** The copy's own file name when that is a plain name (messages then say "client.txt:123"). */
    private static String nameOf(LoadfileCopy copy) {
        return copy.name() != null && copy.name().matches(PLAIN) ? copy.name() : "loadfile.txt";
    }

    private Path write(Path folder, String name, LoadfileCopy copy) throws IOException {
        Path file = folder.resolve(name);
        byte[] text = copy.text();
        Path part = Files.createTempFile(folder, ".part-", "");
        Files.write(part, text);
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        log.line("loadfile " + copy.name() + ": " + copy.size() + " bytes from the manager (" + copy.packedBytes()
                + " packed), stored as " + file);
        return file;
    }
}
