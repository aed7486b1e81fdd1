package org.sfsbench.servermon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reads a {@link ServerSample} from a Linux /proc (a folder, so tests can give their own). */
public final class ProcReader {
    /** NFSv3 procedure names in the order of /proc/net/rpc/nfsd's proc3 line (RFC 1813). */
    static final List<String> NFS3_PROCS = List.of("null", "getattr", "setattr", "lookup", "access", "readlink",
            "read", "write", "create", "mkdir", "symlink", "mknod", "remove", "rmdir", "rename", "link", "readdir",
            "readdirplus", "fsstat", "fsinfo", "pathconf", "commit");

    private final Path proc;

    public ProcReader(Path proc) {
        this.proc = proc;
    }

    public ServerSample read() throws IOException {
        return new ServerSample(System.currentTimeMillis(), cpu(), net(), disks(), nfsd());
    }

    private long[] cpu() throws IOException {
        for (String l : lines("stat")) {
            if (l.startsWith("cpu ")) {
                String[] f = l.trim().split("\\s+");
                long[] v = new long[8];
                for (int i = 0; i < 8 && i + 1 < f.length; i++) {
                    v[i] = Long.parseLong(f[i + 1]);
                }
                return v;
            }
        }
        throw new IOException(proc.resolve("stat") + ": no cpu line");
    }

    private Map<String, long[]> net() throws IOException {
        Map<String, long[]> m = new TreeMap<>();
        for (String l : lines("net/dev")) {
            int colon = l.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String[] f = l.substring(colon + 1).trim().split("\\s+");
            m.put(l.substring(0, colon).trim(), new long[] {Long.parseLong(f[0]), Long.parseLong(f[8])});
        }
        return m;
    }

    /** Whole disks only (a partition's I/O is its disk's too): no loop, ram or partition devices. */
    private Map<String, long[]> disks() throws IOException {
        Map<String, long[]> m = new TreeMap<>();
        for (String l : lines("diskstats")) {
            String[] f = l.trim().split("\\s+");
            if (f.length < 10) {
                continue;
            }
            String dev = f[2];
            if (dev.startsWith("loop") || dev.startsWith("ram") || dev.startsWith("zram") || partition(dev)) {
                continue;
            }
            m.put(dev, new long[] {Long.parseLong(f[3]), Long.parseLong(f[5]) * 512, Long.parseLong(f[7]),
                Long.parseLong(f[9]) * 512});
        }
        return m;
    }

    private static boolean partition(String dev) {
        return Files.exists(Path.of("/sys/class/block", dev, "partition"));
    }

    private Map<String, Long> nfsd() throws IOException {
        List<String> ls;
        try {
            ls = lines("net/rpc/nfsd");
        } catch (NoSuchFileException e) {
            return null;
        }
        for (String l : ls) {
            if (l.startsWith("proc3 ")) {
                String[] f = l.trim().split("\\s+");
                Map<String, Long> m = new TreeMap<>();
                // f[1] is the count of fields that follow
                for (int i = 0; i < NFS3_PROCS.size() && i + 2 < f.length; i++) {
                    m.put(NFS3_PROCS.get(i), Long.parseLong(f[i + 2]));
                }
                return m;
            }
        }
        return null;
    }

    private List<String> lines(String name) throws IOException {
        return Files.readAllLines(proc.resolve(name), StandardCharsets.UTF_8);
    }
}
