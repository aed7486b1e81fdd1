package org.sfsbench.rc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.EngineCatalog;

/**
 * Resolves MNT_POINTS (guide 3.3) into the mount points of every client. Three forms: a list of
 * PROCS entries (proc i of every client uses entry i), a list of PROCS x clients entries (the first
 * PROCS for client 1, the next PROCS for client 2, ...), or the name of a mount-points file, one
 * line {@code client_name mnt mnt...} per client, resolved against the rc file's folder.
 */
final class MountPointsReader {
    private final RcReader rc;
    private final Backend protocol;
    private final List<String> clients;
    private final int procs;

    MountPointsReader(RcReader rc, Backend protocol, List<String> clients, int procs) {
        this.rc = rc;
        this.protocol = protocol;
        this.clients = clients;
        this.procs = procs;
    }

    void readInto(RunConfig.Values v) throws RcException {
        List<String> words = rc.words("MNT_POINTS");
        if (words.isEmpty()) {
            throw rc.missing("MNT_POINTS", "a quoted list of " + MountPoint.syntaxOf(protocol)
                    + ", or the name of a mount-points file");
        }
        if (words.size() == 1) {
            Path file = rc.resolve(words.get(0), List.of(rc.rcDir()));
            if (Files.isRegularFile(file) && !isAccessTarget(words.get(0), file)) {
                readFile(file, v);
                return;
            }
        }
        List<MountPoint> list = new ArrayList<>();
        for (String w : words) {
            MountPoint mp = MountPoint.parse(protocol, w);
            if (mp == null) {
                String noFile = words.size() == 1 ? " and not an existing mount-points file" : "";
                throw rc.error("MNT_POINTS", "'" + w + "' is not a mount point for FS_PROTOCOL="
                        + protocol.rcName() + noFile, MountPoint.syntaxOf(protocol)
                        + (words.size() == 1 ? ", or the name of a mount-points file next to the rc file" : ""));
            }
            list.add(mp);
        }
        List<List<MountPoint>> byClient = new ArrayList<>();
        if (list.size() == procs) {
            v.mountPointForm = MountPointForm.PER_PROC;
            for (int c = 0; c < clients.size(); c++) {
                byClient.add(list);
            }
        } else if (list.size() == procs * clients.size()) {
            v.mountPointForm = MountPointForm.PER_CLIENT_AND_PROC;
            for (int c = 0; c < clients.size(); c++) {
                byClient.add(list.subList(c * procs, (c + 1) * procs));
            }
        } else {
            String counts = clients.size() == 1 ? procs + " (PROCS)"
                    : procs + " (PROCS) or " + procs * clients.size() + " (PROCS x clients)";
            throw rc.error("MNT_POINTS", list.size() + " mount points do not fit PROCS=" + procs + " and "
                    + clients.size() + " client(s)", counts + " mount points; a mount point may be repeated");
        }
        for (int c = 0; c < clients.size(); c++) {
            for (MountPoint mp : byClient.get(c)) {
                String why = localProblem(clients.get(c), mp);
                if (why != null) {
                    throw rc.error("MNT_POINTS", "folder " + mp.path() + " of client " + clients.get(c) + " " + why,
                            "existing folders on the clients (FS_PROTOCOL=posix)" + (AccessRcReader.isAccess(rc)
                                    ? "; with WORKLOAD=access also existing files or block devices" : ""));
                }
            }
        }
        v.mountPoints = list;
        v.mountPointsByClient = byClient;
    }

    /**
     * Whether a single MNT_POINTS entry naming a regular file is the access test's target rather than a
     * mount-points file: with WORKLOAD=access on posix, an absolute path whose first line (not blank, not
     * a # comment) does not start with a name of CLIENTS (docs/rc-reference.md, "Mount-points file").
     */
    private boolean isAccessTarget(String word, Path file) {
        if (!protocol.has(EngineCatalog.CAP_LOCAL_FS) || !AccessRcReader.isAccess(rc) || !word.startsWith("/")) {
            return false;
        }
        try (var in = Files.newInputStream(file)) {
            String head = new String(in.readNBytes(64 * 1024), StandardCharsets.ISO_8859_1);
            for (String line : head.split("\n", -1)) {
                String t = line.strip();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    return !clients.contains(t.split("\\s+")[0]);
                }
            }
            return true; // nothing but comments: no mount point in it
        } catch (IOException e) {
            return false; // reading it as a mount-points file reports why it cannot be read
        }
    }

    /** Why a posix mount point of a client on this machine cannot be used, or null (also for other protocols). */
    private String localProblem(String client, MountPoint mp) {
        if (!protocol.has(EngineCatalog.CAP_LOCAL_FS) || !LocalFolders.isThisMachine(client)) {
            return null;
        }
        String why = LocalFolders.problem(mp.path());
        // WORKLOAD=access tests an existing file or block device in place (docs/access-specs.md)
        if (why != null && AccessRcReader.isAccess(rc) && LocalFolders.isFileOrBlockDevice(mp.path())) {
            return null;
        }
        return why;
    }

    private void readFile(Path file, RunConfig.Values v) throws RcException {
        List<String> lines = TextFiles.readUnixLines(file, "mount-points file");
        Map<String, List<List<MountPoint>>> linesOf = new HashMap<>();
        Map<String, Integer> firstLine = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            int no = i + 1;
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] w = line.split("\\s+");
            String client = w[0];
            if (!clients.contains(client)) {
                throw new RcException(file, no, null, null, "the line's client name is not listed in CLIENTS"
                        + EditDistance.didYouMean(client, clients), "one line per client of CLIENTS: "
                        + String.join(" ", clients));
            }
            if (w.length - 1 != procs) {
                throw new RcException(file, no, client, null, (w.length - 1) + " mount points, but PROCS="
                        + procs, "client_name followed by exactly " + procs + " mount points");
            }
            List<MountPoint> mps = new ArrayList<>();
            for (int k = 1; k < w.length; k++) {
                MountPoint mp = MountPoint.parse(protocol, w[k]);
                if (mp == null) {
                    throw new RcException(file, no, client, null, "entry " + k + " is not a mount point for FS_PROTOCOL="
                            + protocol.rcName(), MountPoint.syntaxOf(protocol));
                }
                String why = localProblem(client, mp);
                if (why != null) {
                    throw new RcException(file, no, client, null, "entry " + k + " (folder " + mp.path() + ") " + why,
                            "existing folders on the clients (FS_PROTOCOL=posix)");
                }
                mps.add(mp);
            }
            linesOf.computeIfAbsent(client, k -> new ArrayList<>()).add(mps);
            firstLine.putIfAbsent(client, no);
        }
        Map<String, Integer> used = new HashMap<>();
        List<List<MountPoint>> byClient = new ArrayList<>();
        List<MountPoint> all = new ArrayList<>();
        for (String c : clients) {
            int n = used.merge(c, 1, Integer::sum);
            List<List<MountPoint>> of = linesOf.getOrDefault(c, List.of());
            if (of.size() < n) {
                throw new RcException(file, 0, c, null, "no line for this client"
                        + (n > 1 ? " (it is listed " + n + " times in CLIENTS)" : ""),
                        "one line 'client_name mnt mnt...' per entry of CLIENTS");
            }
            byClient.add(of.get(n - 1));
            all.addAll(of.get(n - 1));
        }
        for (Map.Entry<String, List<List<MountPoint>>> e : linesOf.entrySet()) {
            if (e.getValue().size() > used.getOrDefault(e.getKey(), 0)) {
                throw new RcException(file, firstLine.get(e.getKey()), e.getKey(), null,
                        e.getValue().size() + " lines for this client but CLIENTS lists it "
                                + used.getOrDefault(e.getKey(), 0) + " time(s)", "one line per entry of CLIENTS");
            }
        }
        v.mountPointForm = MountPointForm.FILE;
        v.mountPointsFile = file;
        v.mountPoints = all;
        v.mountPointsByClient = byClient;
    }
}
