package org.sfsbench.capture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The NFSv3 messages of one frame. tshark prints every occurrence of a field in frame order, so
 * a frame with several RPC messages is cut by how many of each field each message carries:
 * fixed per procedure, except the handles of a reply that returns a new one (LOOKUP, CREATE,
 * ...) or many (READDIRPLUS), which take what the fixed ones leave when only one such reply
 * is in the frame.
 */
public final class Nfs3Split {
    static final int NFS_PROGRAM = 100003;

    /** Per procedure (RFC 1813 numbers 0..21): handles, names of a call. */
    private static final int[] CALL_HANDLES = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1};
    private static final int[] CALL_NAMES = {0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 1, 0, 0, 0, 0, 0, 0};

    private Nfs3Split() {
    }

    /** Procedures whose call carries an offset and a count. */
    static boolean hasRange(int proc) {
        return proc == 6 || proc == 7 || proc == 21;
    }

    /** Replies whose handle count varies: a new object's (LOOKUP, CREATE, MKDIR, SYMLINK, MKNOD)
     *  or READDIRPLUS's entries. */
    static boolean returnsHandles(int proc) {
        return proc == 3 || proc == 8 || proc == 9 || proc == 10 || proc == 11 || proc == 17;
    }

    /**
     * @param versions out: the NFS version of each RPC message of the frame to the NFS program
     *                 (the caller refuses other versions)
     * @return the NFSv3 messages of the frame, in frame order
     */
    public static List<Nfs3Message> messages(FrameRow r, List<Integer> versions) {
        String[] xids = r.all(CaptureField.RPC_XID);
        String[] types = r.all(CaptureField.RPC_MSGTYP);
        String[] programs = r.all(CaptureField.RPC_PROGRAM);
        String[] progVersions = r.all(CaptureField.RPC_VERSION);
        String[] procs = r.all(CaptureField.NFS_PROC);
        String[] statuses = r.all(CaptureField.NFS_STATUS);
        String[] fhs = r.all(CaptureField.NFS_FH);
        String[] names = r.all(CaptureField.NFS_NAME);
        String[] entries = r.all(CaptureField.NFS_ENTRY_NAME);
        String[] offsets = r.all(CaptureField.NFS_OFFSET);
        String[] counts = r.all(CaptureField.NFS_COUNT);
        String[] stables = r.all(CaptureField.NFS_STABLE);
        String[] links = r.all(CaptureField.NFS_SYMLINK_TO);
        int k = Math.min(xids.length, Math.min(types.length, programs.length));
        if (k == 0) {
            return List.of();
        }
        double time = r.time();
        String udp = r.first(CaptureField.UDP_STREAM);
        String source = r.source();
        String stream = udp.isEmpty() ? "tcp:" + r.first(CaptureField.TCP_STREAM) : "udp:" + udp;
        // first pass: which messages are NFS, their procedure and what fixed part they take
        int[] proc = new int[k];
        boolean[] isCall = new boolean[k];
        int version = 0;
        int procAt = 0;
        int fixedHandles = 0;
        int fixedNames = 0;
        int variable = 0;
        for (int i = 0; i < k; i++) {
            boolean nfs = Integer.parseInt(programs[i]) == NFS_PROGRAM;
            // the rpc layer prints the version, and the nfs layer again
            int v = version < progVersions.length ? Integer.parseInt(progVersions[version]) : 0;
            version += nfs ? 2 : 1;
            proc[i] = -1;
            if (!nfs) {
                continue;
            }
            versions.add(v);
            if (v != 3 || procAt >= procs.length) {
                continue;
            }
            proc[i] = Integer.parseInt(procs[procAt++]);
            isCall[i] = "0".equals(types[i]);
            if (proc[i] < 0 || proc[i] >= CALL_HANDLES.length) {
                proc[i] = -1;
            } else if (isCall[i]) {
                fixedHandles += CALL_HANDLES[proc[i]];
                fixedNames += CALL_NAMES[proc[i]];
            } else if (returnsHandles(proc[i])) {
                variable++;
            }
        }
        boolean single = k == 1;
        int spare = fhs.length - fixedHandles;
        boolean sure = single || variable <= 1 && spare >= 0;
        // calls of a shared frame: the fields must be exactly what their procedures carry
        boolean callsSure = single || (variable == 0 ? spare == 0 : spare >= 0) && names.length == fixedNames;
        List<Nfs3Message> out = new ArrayList<>();
        int fh = 0;
        int name = 0;
        int offAt = 0;
        int countAt = 0;
        int stable = 0;
        int link = 0;
        int status = 0;
        for (int i = 0; i < k; i++) {
            if (proc[i] < 0) {
                continue;
            }
            int p = proc[i];
            long xid = Long.decode(xids[i]);
            if (isCall[i]) {
                int nh = CALL_HANDLES[p];
                List<String> hs = slice(fhs, fh, nh);
                fh += nh;
                List<String> ns = slice(names, name, CALL_NAMES[p]);
                name += CALL_NAMES[p];
                long off = 0;
                long cnt = 0;
                if (hasRange(p)) {
                    off = offAt < offsets.length ? Long.parseLong(offsets[offAt++]) : 0;
                    cnt = countAt < counts.length ? Long.parseLong(counts[countAt++]) : 0;
                }
                int st = p == 7 && stable < stables.length ? Integer.parseInt(stables[stable++]) : 0;
                String lt = p == 10 && link < links.length ? links[link++] : "";
                out.add(new Nfs3Message(time, stream, source, xid, true, p, -1, hs, ns, List.of(), off, cnt, st,
                        lt, callsSure && hs.size() == nh && ns.size() == CALL_NAMES[p]));
            } else {
                int st = status < statuses.length ? Integer.parseInt(statuses[status++]) : -1;
                List<String> hs = List.of();
                List<String> es = List.of();
                if (returnsHandles(p) && st == 0 && sure) {
                    hs = slice(fhs, fh, single ? fhs.length : spare);
                    fh += hs.size();
                    es = p == 17 ? Arrays.asList(entries) : List.of();
                }
                long cnt = 0;
                if ((p == 6 || p == 7) && st == 0 && countAt < counts.length) {
                    cnt = Long.parseLong(counts[countAt++]);
                }
                out.add(new Nfs3Message(time, stream, "", xid, false, p, st, hs, List.of(), es, 0, cnt, 0, "",
                        sure || !returnsHandles(p)));
            }
        }
        return out;
    }

    private static List<String> slice(String[] a, int from, int n) {
        if (from >= a.length || n <= 0) {
            return List.of();
        }
        return Arrays.asList(a).subList(from, Math.min(a.length, from + n));
    }
}
