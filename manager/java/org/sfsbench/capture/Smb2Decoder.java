package org.sfsbench.capture;

import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * SMB2/3 requests and replies -> ops of the classic loadfile names with timestamps (NTCreateX,
 * Close, ReadX, WriteX, ...: docs/loadfile.md "Formats"), one loadfile per SMB session. A file
 * id is mapped to the path its CREATE named and to a handle number of the loadfile; a file id
 * whose CREATE the capture does not hold makes its ops not replayable (counted).
 */
public final class Smb2Decoder {
    /** SMB2's info levels are the SMB1 pass-through levels less 1000. */
    static final int PASSTHROUGH = 1000;
    /** The level FIND_FIRST lines carry (SMB_FIND_FILE_BOTH_DIRECTORY_INFO). */
    static final int FIND_LEVEL = 260;

    private record Open(String path, boolean dir, int handle) {
    }

    private final Names names;
    private final long transferMax;
    private final CallOrder<Smb2Command> order;
    private final Map<String, Open> opens = new HashMap<>();     // session/fid -> open
    private final Map<String, Integer> nextHandle = new HashMap<>();
    private final Map<String, String> lastCreated = new HashMap<>();   // stream -> fid of its last CREATE reply
    private long unknownFids;
    private long repliesWithoutRequest;

    public Smb2Decoder(Names names, long transferMax, OpSink sink) {
        this.names = names;
        this.transferMax = transferMax;
        this.order = new CallOrder<>(c -> op(c, null, c.fid()), sink);
    }

    /** A frame with the SMB3 transform header: its commands are encrypted. */
    public static boolean encrypted(FrameRow r) {
        for (String id : r.all(CaptureField.SMB2_PROTOCOL_ID)) {
            if (id.equalsIgnoreCase("0xfd534d42")) {
                return true;
            }
        }
        return false;
    }

    /** @return the SMB2 commands of the frame */
    public int accept(FrameRow r) throws IOException {
        int n = 0;
        for (Smb2Command c : Smb2Split.commands(r)) {
            n++;
            if (!c.response()) {
                order.call(client(c), c.key(), c, c.time());
                continue;
            }
            if (c.status() == 0x103L) {
                continue;   // STATUS_PENDING: an interim reply, the final one follows
            }
            Smb2Command req = order.callOf(c.key());
            if (req == null) {
                repliesWithoutRequest++;
                continue;
            }
            String fid = req.fid().equalsIgnoreCase(Smb2Command.RELATED_FID)
                    ? lastCreated.getOrDefault(c.stream(), "") : req.fid();
            CapturedOp op = op(req, c, fid);
            if (req.cmd() == 5 && c.status() == 0 && !c.fid().isEmpty()) {
                lastCreated.put(c.stream(), c.fid());
            }
            order.answer(c.key(), op, client(req));
        }
        return n;
    }

    public void finish() throws IOException {
        order.finish();
    }

    private static String client(Smb2Command c) {
        return "smb-" + c.session().replaceFirst("^0x0*", "");
    }

    private int handle(String client) {
        return nextHandle.merge(client, 1, Integer::sum);
    }

    /** The op of request {@code q} with reply {@code a} (null: none came) on file id {@code fid}. */
    private CapturedOp op(Smb2Command q, Smb2Command a, String fid) {
        String client = client(q);
        String status = a == null ? "*" : Smb2Status.field(a.status());
        String name = q.name();
        String key = client + "/" + fid;
        switch (q.cmd()) {
        case 5 -> {
            String path = names.path("/" + q.fileName().replace('\\', '/'));
            boolean dir = (q.createOptions() & 1) != 0;
            int h = handle(client);
            if (a != null && a.status() == 0 && !a.fid().isEmpty()) {
                opens.put(client + "/" + a.fid(), new Open(path, dir, h));
            }
            return op(q, name, String.format(Locale.ROOT, "NTCreateX \"%s\" 0x%x %d %d %s", path.replace('/', '\\'),
                    q.createOptions(), q.disposition(), h, status), path, -1, -1);
        }
        case 6, 7, 8, 9, 10, 14, 16, 17 -> {
            Open o = opens.get(key);
            if (o == null) {
                unknownFids++;
                return notReplayable(q, "its file id is none a CREATE of the capture opened (opened before the"
                        + " capture began, or its CREATE failed)");
            }
            return fileOp(q, o, status, key);
        }
        default -> {
            return notReplayable(q, "session, tree, ioctl and notify commands have no loadfile op");
        }
        }
    }

    private CapturedOp fileOp(Smb2Command q, Open o, String status, String key) {
        String name = q.name();
        switch (q.cmd()) {
        case 6:
            opens.remove(key);
            return op(q, name, "Close " + o.handle + " " + status, o.path, -1, -1);
        case 7:
            return op(q, name, "Flush " + o.handle + " " + status, o.path, -1, -1);
        case 8, 9:
            if (q.length() > transferMax) {
                return notReplayable(q, "its length is larger than the engine's " + transferMax + " byte transfers");
            }
            return op(q, name, String.format(Locale.ROOT, "%s %d %d %d %d %s",
                    q.cmd() == 8 ? "ReadX" : "WriteX", o.handle, q.offset(), q.length(), q.length(), status), o.path,
                    q.offset(), q.length());
        case 10:
            // the first range of the request (sfsbench's own load locks one at a time)
            return op(q, name, String.format(Locale.ROOT, "%s %d %d %d %s", (q.lockFlags() & Smb2Command.UNLOCK) != 0
                    ? "UnlockX" : "LockX", o.handle, q.offset(), q.length(), status), o.path, -1, -1);
        case 14:
            String pattern = q.pattern().isEmpty() ? "*" : q.pattern();
            return op(q, name, String.format(Locale.ROOT, "FIND_FIRST \"%s\\%s\" %d 1366 0 %s",
                    o.path.equals("/") ? "" : o.path.replace('/', '\\'), pattern, FIND_LEVEL, status), o.path, -1, -1);
        case 16:
            if (q.infoClass() == 1) {
                return op(q, name, "QUERY_FILE_INFORMATION " + o.handle + " " + (PASSTHROUGH + q.infoLevel()) + " "
                        + status, o.path, -1, -1);
            }
            if (q.infoClass() == 2) {
                return op(q, name, "QUERY_FS_INFORMATION " + (PASSTHROUGH + q.infoLevel()) + " " + status, o.path,
                        -1, -1);
            }
            return notReplayable(q, "security and quota information have no loadfile op");
        default:
            if (q.infoClass() == 1 && q.infoLevel() == 13) {
                return op(q, name, (o.dir ? "Rmdir \"" : "Unlink \"") + o.path.replace('/', '\\') + "\""
                        + (o.dir ? "" : " 0x0") + " " + status, o.path, -1, -1);
            }
            if (q.infoClass() == 1 && q.infoLevel() != 10) {
                return op(q, name, "SET_FILE_INFORMATION " + o.handle + " " + (PASSTHROUGH + q.infoLevel()) + " "
                        + status, o.path, -1, -1);
            }
            return notReplayable(q, "renames (their new name is not decoded) and security information have no"
                    + " loadfile op");
        }
    }

    private CapturedOp op(Smb2Command q, String mix, String body, String path, long offset, long length) {
        return new CapturedOp(q.time(), client(q), mix, body, null, path, offset, length);
    }

    private CapturedOp notReplayable(Smb2Command q, String why) {
        return new CapturedOp(q.time(), client(q), q.name(), null, q.name() + ": " + why, "", -1, -1);
    }

    /** The summary's SMB lines. */
    public String summary() {
        StringBuilder b = new StringBuilder();
        if (unknownFids > 0) {
            b.append(String.format(Locale.ROOT, "  SMB2: %d ops on file ids no CREATE of the capture opened: not"
                    + " replayable%n", unknownFids));
        }
        if (order.resent() > 0) {
            b.append(String.format(Locale.ROOT, "  SMB2: %d requests seen again while waiting for their reply: one"
                    + " op each%n", order.resent()));
        }
        if (repliesWithoutRequest > 0) {
            b.append(String.format(Locale.ROOT, "  SMB2: %d replies whose request is not in the capture: skipped%n",
                    repliesWithoutRequest));
        }
        return b.toString();
    }
}
